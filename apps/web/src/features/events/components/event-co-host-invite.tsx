import type { EventView } from "@plaza/contracts/events";
import { EVENT_TEXTS } from "@plaza/contracts/events.texts";
import { UserCheck } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { useAcceptCoHosting } from "../api/accept-co-hosting";

/** For someone asked to co-host (the notification leads here): a sentence and "Accept co-hosting". */
export function EventCoHostInvite({ event }: { event: EventView }) {
  const accept = useAcceptCoHosting(event.id);
  if (!event.viewer.isAskedToCoHost || event.isCancelled) return null;
  return (
    <div
      data-testid="co-host-invite"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-brand-200 bg-brand-50 p-3"
    >
      <p className="text-sm">{EVENT_TEXTS.coHostAsked}</p>
      <Button
        size="sm"
        disabled={accept.isPending}
        onClick={() =>
          accept.mutate(undefined, {
            onSuccess: () => toast({ title: EVENT_TEXTS.coHostAccepted }),
            onError: (error) => toastFailure(error, "Could not accept."),
          })
        }
      >
        <UserCheck aria-hidden /> {EVENT_TEXTS.acceptCoHost}
      </Button>
    </div>
  );
}
