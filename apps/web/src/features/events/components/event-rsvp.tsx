import type { EventView } from "@plaza/contracts/events";
import type { RsvpAnswer } from "@plaza/contracts/events.texts";
import { toastFailure } from "@/components/ui/use-toast";
import { useRsvp } from "../api/rsvp-event";
import { RsvpButtons } from "./rsvp-buttons";

/** The RSVP buttons bound to PUT /api/events/{id}/rsvp; the event refreshes with the answer. */
export function EventRsvp({ event }: { event: EventView }) {
  const rsvp = useRsvp(event.id);
  const pending: RsvpAnswer | null = rsvp.isPending ? (rsvp.variables ?? null) : null;
  return (
    <RsvpButtons
      event={event}
      pendingAnswer={pending}
      onAnswer={(answer) => rsvp.mutate(answer, { onError: (error) => toastFailure(error, "Could not answer.") })}
    />
  );
}
