import type { MessageView } from "@plaza/contracts/messaging";
import { MessageCircle } from "lucide-react";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { defineMessages, useIntl } from "react-intl";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogTitle } from "@/components/ui/dialog";
import { SkeletonList } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import { useUnreadCount } from "../api/get-unread-count";
import { useLiveMessaging } from "../hooks/use-live-messaging";

const messages = defineMessages({
  title: { id: "messaging.messagesButton.title", defaultMessage: "Messages" },
  unread: { id: "messaging.messagesButton.unread", defaultMessage: " unread" },
  loading: { id: "messaging.messagesButton.loading", defaultMessage: "Loading..." },
});

// Loaded when the dialog first opens, so the top bar stays light.
const MessagingPanel = lazy(() => import("./messaging-panel").then((module) => ({ default: module.MessagingPanel })));

/**
 * The top bar's Messages button: the unread badge (live, with the 30 s poll as fallback) and the messaging
 * panel in a dialog. It also holds the tab's live connection.
 */
export function MessagesButton({
  viewerId,
  renderMessageActions,
  renderPhotos,
  className,
}: {
  viewerId: string;
  /** E.g. hidden on phones, where the bottom tab bar links to /messages; the live connection stays either way. */
  className?: string;
  /** Actions under a message from the other person (e.g. Report), supplied by the app shell. */
  renderMessageActions?: (message: MessageView) => ReactNode;
  /** A message's pictures with the lightbox. */
  renderPhotos?: (urls: string[], senderName: string) => ReactNode;
}) {
  const intl = useIntl();
  const [isOpen, setIsOpen] = useState(false);
  const unreadCount = useUnreadCount();
  useLiveMessaging(true);
  const count = unreadCount.data?.count ?? 0;
  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <Button variant="ghost" size="icon" className={cn("relative", className)} onClick={() => setIsOpen(true)}>
        <MessageCircle aria-hidden className="h-5 w-5" />
        {/* Named by its text, so the visible badge is part of the name (WCAG 2.5.3): "Messages 2 unread". */}
        <span className="sr-only">{intl.formatMessage(messages.title)}</span>
        {count > 0 && (
          <span
            data-testid="messages-unread-badge"
            className="absolute -top-0.5 -end-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-danger px-1 text-[10px] leading-none font-semibold text-white"
          >
            {count > 99 ? `${intl.formatNumber(99)}+` : intl.formatNumber(count)}
          </span>
        )}
        {count > 0 && <span className="sr-only">{intl.formatMessage(messages.unread)}</span>}
      </Button>
      <DialogContent className="max-w-4xl p-0 sm:max-w-4xl" showCloseButton>
        <DialogTitle className="sr-only">{intl.formatMessage(messages.title)}</DialogTitle>
        {isOpen && (
          <Suspense
            fallback={<SkeletonList label={intl.formatMessage(messages.loading)} count={5} hasAvatar className="p-6" />}
          >
            <MessagingPanel
              viewerId={viewerId}
              className="h-[80vh] border-0 shadow-none md:h-[80vh]"
              renderMessageActions={renderMessageActions}
              renderPhotos={renderPhotos}
            />
          </Suspense>
        )}
      </DialogContent>
    </Dialog>
  );
}
