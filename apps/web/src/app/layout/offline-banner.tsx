import { onlineManager } from "@tanstack/react-query";
import { WifiOff } from "lucide-react";
import { useSyncExternalStore } from "react";
import { defineMessages, useIntl } from "react-intl";

const subscribe = (listener: () => void) => onlineManager.subscribe(listener);
const isOnline = () => onlineManager.isOnline();

/**
 * While the network is away: what the screen shows is what was loaded before (kept on this device, or already on
 * screen), and nothing new can be sent. Gone again as soon as the network is back.
 */
export function OfflineBanner() {
  const intl = useIntl();
  const online = useSyncExternalStore(subscribe, isOnline, () => true);
  if (online) return null;
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-2 border-b bg-amber-50 px-3 py-2 text-center text-sm text-amber-900"
      data-testid="offline-banner"
    >
      <WifiOff aria-hidden className="h-4 w-4 shrink-0" />
      {intl.formatMessage(messages.offline)}
    </div>
  );
}

const messages = defineMessages({
  offline: {
    id: "shell.offline-banner.text",
    defaultMessage:
      "You're offline. Showing what was loaded before; new posts and messages will appear when you're back online.",
  },
});
