import type { NotificationView } from "@plaza/contracts/notifications";
import { displayName } from "@plaza/contracts/users.texts";
import { useQueryClient } from "@tanstack/react-query";
import { Bell, CheckCheck } from "lucide-react";
import { useState } from "react";
import { defineMessages, useIntl } from "react-intl";
import { useLocation } from "wouter";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { RelativeTime } from "@/components/ui/relative-time";
import { ScrollArea } from "@/components/ui/scroll-area";
import { SkeletonList } from "@/components/ui/skeleton";
import { useText } from "@/i18n/texts";
import { cn } from "@/lib/cn";
import { notificationsQuery, useNotifications } from "../api/get-notifications";
import { useNotificationsUnreadCount } from "../api/get-unread-count";
import { useMarkAllNotificationsRead } from "../api/mark-all-notifications-read";
import { useMarkNotificationRead } from "../api/mark-notification-read";

const messages = defineMessages({
  title: { id: "notifications.dialog.title", defaultMessage: "Notifications" },
  unreadRow: { id: "notifications.dialog.unreadRow", defaultMessage: "Unread" },
  unreadSuffix: { id: "notifications.dialog.unreadSuffix", defaultMessage: "unread" },
  caughtUp: { id: "notifications.dialog.caughtUp", defaultMessage: "You're all caught up" },
  markAllRead: { id: "notifications.dialog.markAllRead", defaultMessage: "Mark all read" },
  loading: { id: "notifications.dialog.loading", defaultMessage: "Loading notifications..." },
  loadFailed: { id: "notifications.dialog.loadFailed", defaultMessage: "Failed to load notifications." },
  empty: { id: "notifications.dialog.empty", defaultMessage: "No notifications yet" },
  emptyHint: {
    id: "notifications.dialog.emptyHint",
    defaultMessage: "When someone follows you, tips you or subscribes, you'll see it here.",
  },
  loadingMore: { id: "notifications.dialog.loadingMore", defaultMessage: "Loading..." },
  loadMore: { id: "notifications.dialog.loadMore", defaultMessage: "Load more" },
});

const phrases = defineMessages<{ unreadCount: { count: number } }>({
  unreadCount: { id: "notifications.dialog.unreadCount", defaultMessage: "{count, plural, other {# unread}}" },
});

/** The actors' faces, overlapping (up to three for grouped likes and comments), or a bell with nobody. */
function ActorAvatars({ notification }: { notification: NotificationView }) {
  const actors = notification.actors;
  if (actors.length === 0) {
    return (
      <Avatar className="h-9 w-9 shrink-0">
        <AvatarFallback>
          <Bell className="h-4 w-4" />
        </AvatarFallback>
      </Avatar>
    );
  }
  return (
    <span className="flex shrink-0 -space-x-3" data-testid="notification-avatars">
      {actors.map((actor, index) => {
        const name = displayName(actor);
        return (
          <Avatar key={actor.id} className={cn("h-9 w-9 ring-2 ring-surface", index > 0 && "h-7 w-7 mt-2")}>
            {actor.profileImageUrl && <AvatarImage src={actor.profileImageUrl} alt={name} />}
            <AvatarFallback>{name.charAt(0).toUpperCase()}</AvatarFallback>
          </Avatar>
        );
      })}
    </span>
  );
}

function NotificationRow({ notification, onOpen }: { notification: NotificationView; onOpen: () => void }) {
  const intl = useIntl();
  const text = useText();
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        className={cn(
          "flex w-full items-start gap-3 rounded-lg p-2 text-start hover:bg-gray-50",
          !notification.isRead && "bg-brand-50",
        )}
        data-testid="notification-row"
      >
        <ActorAvatars notification={notification} />
        <span className="min-w-0 flex-1">
          <span className={cn("block text-sm break-words", !notification.isRead && "font-semibold")}>
            {/* The server's sentence in English (contracts' describeNotification), put into the page's language. */}
            {text(notification.text)}
          </span>
          <RelativeTime value={notification.createdAt} className="block text-xs text-gray-600" />
        </span>
        {!notification.isRead && (
          <span className="mt-1.5 h-2 w-2 shrink-0 rounded-full bg-primary">
            <span className="sr-only">{intl.formatMessage(messages.unreadRow)}</span>
          </span>
        )}
      </button>
    </li>
  );
}

/**
 * The top bar's notifications button and dialog: unread badge, list with actors, the sentence naming the subject
 * and time, click → mark read and open its targetUrl, 'Mark all read'. `pollMs` is false when a live connection keeps the count fresh.
 */
export function NotificationsDialog({ pollMs }: { pollMs?: number | false }) {
  const intl = useIntl();
  const [isOpen, setIsOpen] = useState(false);
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const unread = useNotificationsUnreadCount(pollMs);
  const notifications = useNotifications(isOpen);
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const count = unread.data?.count ?? 0;
  const rows = notifications.data?.pages.flatMap((page) => page.items) ?? [];

  const changeOpen = (next: boolean) => {
    // Opening always shows the latest: the unread count may have moved since the list was loaded.
    if (next) void queryClient.invalidateQueries({ queryKey: notificationsQuery().queryKey });
    setIsOpen(next);
  };

  const open = (notification: NotificationView) => {
    if (!notification.isRead) markRead.mutate(notification.id);
    if (notification.targetUrl) {
      setIsOpen(false);
      navigate(notification.targetUrl);
    }
  };

  return (
    <Dialog open={isOpen} onOpenChange={changeOpen}>
      <Button variant="ghost" size="icon" className="relative" onClick={() => changeOpen(true)}>
        <Bell aria-hidden className="h-5 w-5" />
        {/* Named by its text, so the visible badge is part of the name (WCAG 2.5.3): "Notifications 3 unread". */}
        <span className="sr-only">{intl.formatMessage(messages.title)}</span>
        {count > 0 && (
          <span
            data-testid="notifications-unread-badge"
            className="absolute end-1 top-1 flex h-4 min-w-4 items-center justify-center rounded-full bg-danger px-1 text-[10px] font-bold text-white"
          >
            {count > 99 ? `${intl.formatNumber(99)}+` : intl.formatNumber(count)}
          </span>
        )}
        {count > 0 && <span className="sr-only"> {intl.formatMessage(messages.unreadSuffix)}</span>}
      </Button>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{intl.formatMessage(messages.title)}</DialogTitle>
          <DialogDescription>
            {count > 0 ? intl.formatMessage(phrases.unreadCount, { count }) : intl.formatMessage(messages.caughtUp)}
          </DialogDescription>
        </DialogHeader>
        {count > 0 && (
          <div className="flex justify-end">
            <Button size="sm" variant="ghost" onClick={() => markAllRead.mutate()} disabled={markAllRead.isPending}>
              <CheckCheck aria-hidden /> {intl.formatMessage(messages.markAllRead)}
            </Button>
          </div>
        )}
        <ScrollArea className="max-h-[60vh]">
          {notifications.isLoading && <SkeletonList label={intl.formatMessage(messages.loading)} count={3} hasAvatar />}
          {notifications.isError && <p className="text-sm text-red-600">{intl.formatMessage(messages.loadFailed)}</p>}
          {notifications.isSuccess && rows.length === 0 && (
            <div className="py-8 text-center">
              <Bell aria-hidden className="mx-auto mb-2 h-8 w-8 text-gray-300" />
              <p className="font-medium">{intl.formatMessage(messages.empty)}</p>
              <p className="text-sm text-gray-500">{intl.formatMessage(messages.emptyHint)}</p>
            </div>
          )}
          <ul className="space-y-1">
            {rows.map((notification) => (
              <NotificationRow key={notification.id} notification={notification} onOpen={() => open(notification)} />
            ))}
          </ul>
          {notifications.hasNextPage && (
            <div className="flex justify-center pt-2">
              <Button
                size="sm"
                variant="outline"
                onClick={() => notifications.fetchNextPage()}
                disabled={notifications.isFetchingNextPage}
              >
                {intl.formatMessage(notifications.isFetchingNextPage ? messages.loadingMore : messages.loadMore)}
              </Button>
            </div>
          )}
        </ScrollArea>
      </DialogContent>
    </Dialog>
  );
}
