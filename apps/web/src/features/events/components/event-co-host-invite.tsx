import type { EventView } from "@plaza/contracts/events";
import { UserCheck } from "lucide-react";
import { defineMessages, useIntl } from "react-intl";
import { Button } from "@/components/ui/button";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { useAcceptCoHosting } from "../api/accept-co-hosting";

const messages = defineMessages({
  asked: { id: "events.coHost.asked", defaultMessage: "You were asked to co-host this event." },
  accept: { id: "events.coHost.accept", defaultMessage: "Accept co-hosting" },
  accepted: { id: "events.coHost.accepted", defaultMessage: "You are now a host of this event" },
  failed: { id: "events.coHost.failed", defaultMessage: "Could not accept." },
});

/** For someone asked to co-host (the notification leads here): a sentence and "Accept co-hosting". */
export function EventCoHostInvite({ event }: { event: EventView }) {
  const intl = useIntl();
  const accept = useAcceptCoHosting(event.id);
  if (!event.viewer.isAskedToCoHost || event.isCancelled) return null;
  return (
    <div
      data-testid="co-host-invite"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-brand-200 bg-brand-50 p-3"
    >
      <p className="text-sm">{intl.formatMessage(messages.asked)}</p>
      <Button
        size="sm"
        disabled={accept.isPending}
        onClick={() =>
          accept.mutate(undefined, {
            onSuccess: () => toast({ title: intl.formatMessage(messages.accepted) }),
            onError: (error) => toastFailure(error, intl.formatMessage(messages.failed)),
          })
        }
      >
        <UserCheck aria-hidden /> {intl.formatMessage(messages.accept)}
      </Button>
    </div>
  );
}
