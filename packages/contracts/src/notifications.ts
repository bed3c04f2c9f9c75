import { z } from "zod";
import { userSummaryView } from "./users";

/** Kinds of notification (CONTRACT "Social": notifications are real). */
export const NOTIFICATION_TYPES = [
  "follow",
  "tip",
  "ppv_unlock",
  "new_subscriber",
  "coupon_redeemed",
  "message",
  "report_outcome",
  "comment",
  "like",
  "review_reply",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The live event published to the recipient's open tabs after a notification is committed. */
export const NOTIFICATION_CREATED_EVENT = "notification.created";

export const notificationView = z.object({
  id: z.uuid(),
  type: z.string(),
  actor: userSummaryView.nullable(),
  entityType: z.string().nullable(),
  entityId: z.string().nullable(),
  /** Where clicking the notification goes (an app path), or null when there is nothing to open. */
  link: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type NotificationView = z.infer<typeof notificationView>;

export const notificationIdParams = z.object({ notificationId: z.uuid("Invalid notification id") });
export const notificationUnreadCountView = z.object({ count: z.number().int() });

export const NOTIFICATION_TEXTS = {
  title: "Notifications",
  empty: "No notifications yet",
  emptyHint: "When someone follows you, tips you or subscribes, you'll see it here.",
  markAllRead: "Mark all read",
} as const;

const REPORT_OUTCOME_TEXTS: Record<string, string> = {
  dismiss: "A moderator reviewed your report and found no violation.",
  delete_content: "A moderator reviewed your report and removed the content.",
  suspend_user: "A moderator reviewed your report and suspended the account.",
};

function money(data: Record<string, unknown>): string {
  const cents = typeof data.amountCents === "number" ? data.amountCents : null;
  return cents === null ? "" : ` $${(cents / 100).toFixed(2)}`;
}

/** The sentence a notification shows, by type; `actorName` is the display name of whoever caused it. */
export function describeNotification(
  notification: Pick<NotificationView, "type" | "data">,
  actorName: string | null,
): string {
  const who = actorName ?? "Someone";
  const { data } = notification;
  switch (notification.type) {
    case "follow":
      if (data.isRequest === true) return `${who} asked to follow you`;
      if (data.isApproval === true) return `${who} accepted your follow request`;
      return `${who} started following you`;
    case "tip":
      return `${who} sent you a tip${money(data)}`;
    case "ppv_unlock":
      return `${who} unlocked your post${money(data)}`;
    case "new_subscriber":
      return `${who} subscribed to you`;
    case "coupon_redeemed":
      return `${who} redeemed your coupon${typeof data.couponTitle === "string" ? ` "${data.couponTitle}"` : ""}`;
    case "message":
      return `${who} sent you a message`;
    case "comment":
      return `${who} commented on your post`;
    case "like":
      return `${who} liked your post`;
    case "review_reply":
      return `${typeof data.businessName === "string" ? data.businessName : who} replied to your review`;
    case "report_outcome":
      return (
        REPORT_OUTCOME_TEXTS[typeof data.outcome === "string" ? data.outcome : ""] ??
        "A moderator reviewed your report."
      );
    default:
      return `${who} interacted with you`;
  }
}
