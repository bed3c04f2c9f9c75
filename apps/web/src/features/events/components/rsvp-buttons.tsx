import type { EventView } from "@plaza/contracts/events";
import { EVENT_MESSAGES, RSVP_ANSWERS, type RsvpAnswer, waitlistedLabel } from "@plaza/contracts/events.texts";
import { defineMessages, useIntl } from "react-intl";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { rsvpMessages, waitlistedText } from "./event-labels";
import { isOver } from "./event-time";

const messages = defineMessages({
  yourAnswer: { id: "events.rsvp.yourAnswer", defaultMessage: "Your answer" },
  full: { id: "events.rsvp.full", defaultMessage: "Full: going puts you on the waitlist" },
  cancelled: { id: "events.rsvp.cancelled", defaultMessage: "This event was cancelled" },
  past: { id: "events.rsvp.past", defaultMessage: "This event is over" },
});

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
  const intl = useIntl();
  const blockedReason = rsvpBlockedReason(event, now);
  const blocked =
    blockedReason === null
      ? null
      : intl.formatMessage(blockedReason === EVENT_MESSAGES.cancelled ? messages.cancelled : messages.past);
  const { pressed } = rsvpStatusOf(event);
  const waitlist = event.viewer.rsvp === "waitlisted" ? waitlistedText(intl, event.viewer.waitlistPosition) : null;
  const isFull =
    event.capacity !== null && event.goingCount >= event.capacity && event.viewer.rsvp !== "going" && !waitlist;
  const reasonId = "rsvp-reason";
  // A paid event's seat is bought (Get ticket): Going shows only once the viewer holds a ticket.
  const isPaid = event.price !== undefined && event.price !== null;
  const answers = isPaid && event.viewer.rsvp !== "going" ? RSVP_ANSWERS.filter((a) => a !== "going") : RSVP_ANSWERS;
  return (
    <div className="space-y-2">
      <fieldset className="flex flex-wrap gap-2" aria-describedby={blocked || isFull ? reasonId : undefined}>
        <legend className="sr-only">{intl.formatMessage(messages.yourAnswer)}</legend>
        {answers.map((answer) => {
          const isPressed = pressed === answer;
          const label = answer === "going" && waitlist ? waitlist : intl.formatMessage(rsvpMessages[answer]);
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
            {intl.formatMessage(messages.full)}
          </p>
        )
      )}
    </div>
  );
}
