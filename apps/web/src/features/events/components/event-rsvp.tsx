import type { EventView } from "@plaza/contracts/events";
import type { RsvpAnswer } from "@plaza/contracts/events.texts";
import { defineMessages, useIntl } from "react-intl";
import { toastFailure } from "@/components/ui/use-toast";
import { useRsvp } from "../api/rsvp-event";
import { RsvpButtons } from "./rsvp-buttons";

const messages = defineMessages({
  failed: { id: "events.rsvp.failed", defaultMessage: "Could not answer." },
});

/** The RSVP buttons bound to PUT /api/events/{id}/rsvp; the event refreshes with the answer. */
export function EventRsvp({ event }: { event: EventView }) {
  const intl = useIntl();
  const rsvp = useRsvp(event.id);
  const pending: RsvpAnswer | null = rsvp.isPending ? (rsvp.variables ?? null) : null;
  return (
    <RsvpButtons
      event={event}
      pendingAnswer={pending}
      onAnswer={(answer) =>
        rsvp.mutate(answer, { onError: (error) => toastFailure(error, intl.formatMessage(messages.failed)) })
      }
    />
  );
}
