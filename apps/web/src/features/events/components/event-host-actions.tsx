import type { EventView } from "@plaza/contracts/events";
import { EVENT_TEXTS, type EventScope } from "@plaza/contracts/events.texts";
import { Ban, Pencil } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { useCancelEvent } from "../api/cancel-event";
import { EventFormDialog, type OwnBusiness } from "./event-form-dialog";
import { EventInviteDialog } from "./event-invite-dialog";
import { isOver } from "./event-time";
import { ScopeChoice } from "./scope-choice";

/**
 * A host's Edit, Cancel (a confirm dialog; for a series, which occurrences) and Invite people. Not for a cancelled
 * event.
 */
export function EventHostActions({ event, businesses }: { event: EventView; businesses: OwnBusiness[] }) {
  const [isEditing, setIsEditing] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  const [scope, setScope] = useState<EventScope>("this");
  const cancel = useCancelEvent(event.id);
  if (event.isCancelled || isOver(event)) return null;
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setIsEditing(true)}>
        <Pencil aria-hidden /> {EVENT_TEXTS.edit}
      </Button>
      <Button variant="outline" size="sm" className="text-red-700" onClick={() => setIsConfirming(true)}>
        <Ban aria-hidden /> {EVENT_TEXTS.cancel}
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
        title={EVENT_TEXTS.cancelQuestion}
        description={
          <span className="block space-y-3">
            <span className="block">{EVENT_TEXTS.cancelExplain}</span>
            {event.seriesId && (
              <ScopeChoice
                legend={EVENT_TEXTS.cancelSeriesQuestion}
                value={scope}
                onChange={setScope}
                name="cancel-scope"
              />
            )}
          </span>
        }
        confirmLabel={EVENT_TEXTS.cancel}
        cancelLabel="Keep it"
        isPending={cancel.isPending}
        onCancel={() => setIsConfirming(false)}
        onConfirm={() =>
          cancel.mutate(scope, {
            onSuccess: () => {
              setIsConfirming(false);
              toast({ title: EVENT_TEXTS.cancelledToast });
            },
            onError: (error) => toastFailure(error, "Could not cancel the event."),
          })
        }
      />
    </>
  );
}
