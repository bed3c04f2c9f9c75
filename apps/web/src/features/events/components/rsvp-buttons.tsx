import type { EventView } from "@plaza/contracts/events";
import {
  EVENT_MESSAGES,
  EVENT_TEXTS,
  RSVP_ANSWERS,
  RSVP_LABELS,
  type RsvpAnswer,
  waitlistedLabel,
} from "@plaza/contracts/events.texts";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { isOver } from "./event-time";

type RsvpEvent = Pick<EventView, "isCancelled" | "endsAt" | "capacity" | "goingCount" | "viewer"> & {
  price?: number | null;
};

/**
 * Why the RSVP buttons are off, or null when they can be pressed: a cancelled or finished event refuses every
 * answer (the server answers 409), so the buttons say so before anyone presses them.
 */
export function rsvpBlockedReason(event: RsvpEvent, now: number = Date.now()): string | null {
  if (event.isCancelled) return EVENT_MESSAGES.cancelled;
  if (isOver(event, now)) return EVENT_MESSAGES.past;
  return null;
}

/** The viewer's answer as the buttons show it: the pressed button, and the waitlist's words. */
export function rsvpStatusOf(event: RsvpEvent): { pressed: RsvpAnswer | null; waitlist: string | null } {
  const status = event.viewer.rsvp;
  if (status === "waitlisted") return { pressed: "going", waitlist: waitlistedLabel(event.viewer.waitlistPosition) };
  return { pressed: status, waitlist: null };
}

/**
 * Going / Interested / Not going. Waitlisted shows "Waitlisted — #N" on the Going button; a full event warns that
 * Going joins the waitlist; a cancelled or past event shows the buttons off with the reason beside them.
 */
export function RsvpButtons({
  event,
  pendingAnswer,
  onAnswer,
  now,
}: {
  event: RsvpEvent;
  /** The answer on its way to the server. */
  pendingAnswer: RsvpAnswer | null;
  onAnswer: (answer: RsvpAnswer) => void;
  now?: number;
}) {
  const blocked = rsvpBlockedReason(event, now);
  const { pressed, waitlist } = rsvpStatusOf(event);
  const isFull =
    event.capacity !== null && event.goingCount >= event.capacity && event.viewer.rsvp !== "going" && !waitlist;
  const reasonId = "rsvp-reason";
  // A paid event's seat is bought (Get ticket): Going shows only once the viewer holds a ticket.
  const isPaid = event.price !== undefined && event.price !== null;
  const answers = isPaid && event.viewer.rsvp !== "going" ? RSVP_ANSWERS.filter((a) => a !== "going") : RSVP_ANSWERS;
  return (
    <div className="space-y-2">
      <fieldset className="flex flex-wrap gap-2" aria-describedby={blocked || isFull ? reasonId : undefined}>
        <legend className="sr-only">Your answer</legend>
        {answers.map((answer) => {
          const isPressed = pressed === answer;
          const label = answer === "going" && waitlist ? waitlist : RSVP_LABELS[answer];
          return (
            <Button
              key={answer}
              type="button"
              size="sm"
              variant={isPressed ? "default" : "outline"}
              aria-pressed={isPressed}
              disabled={blocked !== null || pendingAnswer !== null}
              aria-busy={pendingAnswer === answer || undefined}
              onClick={() => onAnswer(answer)}
              className={cn("min-w-0", isPressed && waitlist && "bg-amber-700 hover:bg-amber-800")}
            >
              {label}
            </Button>
          );
        })}
      </fieldset>
      {blocked ? (
        <p id={reasonId} className="text-sm text-gray-600">
          {blocked}
        </p>
      ) : (
        isFull &&
        !isPaid && (
          <p id={reasonId} className="text-sm text-amber-800">
            {EVENT_TEXTS.full}
          </p>
        )
      )}
    </div>
  );
}
