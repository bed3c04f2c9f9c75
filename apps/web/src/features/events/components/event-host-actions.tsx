import type { EventView } from "@plaza/contracts/events";
import type { EventScope } from "@plaza/contracts/events.texts";
import { Ban, Pencil } from "lucide-react";
import { useState } from "react";
import { defineMessages, useIntl } from "react-intl";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { useCancelEvent } from "../api/cancel-event";
import { EventFormDialog, type OwnBusiness } from "./event-form-dialog";
import { EventInviteDialog } from "./event-invite-dialog";
import { isOver } from "./event-time";
import { ScopeChoice } from "./scope-choice";

const messages = defineMessages({
  edit: { id: "events.hostActions.edit", defaultMessage: "Edit" },
  cancel: { id: "events.hostActions.cancel", defaultMessage: "Cancel event" },
  cancelQuestion: { id: "events.hostActions.cancelQuestion", defaultMessage: "Cancel this event?" },
  cancelExplain: {
    id: "events.hostActions.cancelExplain",
    defaultMessage: "Everyone who answered will see it is cancelled. This cannot be undone.",
  },
  cancelSeriesQuestion: {
    id: "events.hostActions.cancelSeriesQuestion",
    defaultMessage: "Which occurrences do you cancel?",
  },
  keep: { id: "events.hostActions.keep", defaultMessage: "Keep it" },
  cancelled: { id: "events.hostActions.cancelled", defaultMessage: "The event was cancelled" },
  cancelFailed: { id: "events.hostActions.cancelFailed", defaultMessage: "Could not cancel the event." },
});

/**
 * A host's Edit, Cancel (a confirm dialog; for a series, which occurrences) and Invite people. Not for a cancelled
 * event.
 */
export function EventHostActions({ event, businesses }: { event: EventView; businesses: OwnBusiness[] }) {
  const intl = useIntl();
  const [isEditing, setIsEditing] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  const [scope, setScope] = useState<EventScope>("this");
  const cancel = useCancelEvent(event.id);
  if (event.isCancelled || isOver(event)) return null;
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setIsEditing(true)}>
        <Pencil aria-hidden /> {intl.formatMessage(messages.edit)}
      </Button>
      <Button variant="outline" size="sm" className="text-red-700" onClick={() => setIsConfirming(true)}>
        <Ban aria-hidden /> {intl.formatMessage(messages.cancel)}
      </Button>
      <EventInviteDialog eventId={event.id} />
      <EventFormDialog
        isOpen={isEditing}
        onOpenChange={setIsEditing}
        event={event}
        businesses={businesses}
        onSaved={() => setIsEditing(false)}
      />
      <ConfirmDialog
        isOpen={isConfirming}
        title={intl.formatMessage(messages.cancelQuestion)}
        description={
          <span className="block space-y-3">
            <span className="block">{intl.formatMessage(messages.cancelExplain)}</span>
            {event.seriesId && (
              <ScopeChoice
                legend={intl.formatMessage(messages.cancelSeriesQuestion)}
                value={scope}
                onChange={setScope}
                name="cancel-scope"
              />
            )}
          </span>
        }
        confirmLabel={intl.formatMessage(messages.cancel)}
        cancelLabel={intl.formatMessage(messages.keep)}
        isPending={cancel.isPending}
        onCancel={() => setIsConfirming(false)}
        onConfirm={() =>
          cancel.mutate(scope, {
            onSuccess: () => {
              setIsConfirming(false);
              toast({ title: intl.formatMessage(messages.cancelled) });
            },
            onError: (error) => toastFailure(error, intl.formatMessage(messages.cancelFailed)),
          })
        }
      />
    </>
  );
}
