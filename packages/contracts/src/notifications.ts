import { z } from "zod";
import { userSummaryView } from "./users";

/** Kinds of notification (docs/PRODUCT.md "Social": notifications are real). */
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
  "partnership_invited",
  "partnership_accepted",
  "partnership_declined",
  "partnership_ended",
  "payment_action_required",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The live event published to the recipient's open tabs after a notification is committed. */
export const NOTIFICATION_CREATED_EVENT = "notification.created";

/** What a notification is about, named (a post's title, a business's name), for its sentence. */
export const notificationSubjectView = z.object({
  kind: z.enum(["post", "business", "coupon"]),
  id: z.string(),
  /** The post's title (or the start of its text when it has none), the business's or the coupon's name. */
  title: z.string(),
});
export type NotificationSubjectView = z.infer<typeof notificationSubjectView>;

/** How many actors' avatars a (grouped) notification carries. */
export const NOTIFICATION_AVATAR_COUNT = 3;

export const notificationView = z.object({
  id: z.uuid(),
  type: z.string(),
  /** The newest actor (null for moderation outcomes). */
  actor: userSummaryView.nullable(),
  /** Up to NOTIFICATION_AVATAR_COUNT actors, newest first (several when likes or comments on a post are grouped). */
  actors: z.array(userSummaryView),
  /** How many different people the entry stands for ("Maya and 3 others" has 4). */
  actorCount: z.number().int(),
  entityType: z.string().nullable(),
  entityId: z.string().nullable(),
  subject: notificationSubjectView.nullable(),
  /** The sentence the entry shows, naming its subject ("Maya and 3 others liked “Sunset at the pier”"). */
  text: z.string(),
  /** The app path the notification opens (/posts/<id>, /messages/<conversationId>, /wallet…), or null. */
  targetUrl: z.string().nullable(),
  /** The same as targetUrl (older clients read this name). */
  link: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type NotificationView = z.infer<typeof notificationView>;

/** One page of notifications: a JSON array; the next page's cursor travels in the X-Next-Cursor header. */
export const notificationPage = z.array(notificationView);

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

/** Dollars from cents: 1250 → "$12.50". */
export function formatNotificationAmount(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

function amountOf(data: Record<string, unknown>): string | null {
  return typeof data.amountCents === "number" ? formatNotificationAmount(data.amountCents) : null;
}

function stringOr(value: unknown, fallback: string): string {
  return typeof value === "string" && value ? value : fallback;
}

/** What a notification's sentence needs besides the actor's name. */
export interface DescribedNotification {
  type: string;
  data: Record<string, unknown>;
  subject?: Pick<NotificationSubjectView, "title"> | null;
  /** Different people behind a grouped entry (1 when omitted). */
  actorCount?: number;
}

/**
 * The sentence a notification shows, by type; `actorName` is the display name of the newest actor. It names the
 * subject (post title, business, amount) when known, and groups: "Maya and 3 others liked “Title”".
 */
export function describeNotification(notification: DescribedNotification, actorName: string | null): string {
  const { data } = notification;
  const others = Math.max(0, (notification.actorCount ?? 1) - 1);
  const who = (actorName ?? "Someone") + (others === 0 ? "" : others === 1 ? " and 1 other" : ` and ${others} others`);
  const title = notification.subject?.title;
  const quoted = title ? `“${title}”` : null;
  const amount = amountOf(data);
  switch (notification.type) {
    case "follow":
      if (data.isRequest === true) return `${who} asked to follow you`;
      if (data.isApproval === true) return `${who} accepted your follow request`;
      return `${who} started following you`;
    case "tip":
      return amount ? `${who} sent you a ${amount} tip` : `${who} sent you a tip`;
    case "ppv_unlock":
      return `${who} unlocked ${quoted ?? "your post"}${amount ? ` for ${amount}` : ""}`;
    case "new_subscriber":
      return `${who} subscribed to you${amount ? ` for ${amount}/month` : ""}`;
    case "coupon_redeemed": {
      const coupon = typeof data.couponTitle === "string" ? ` “${data.couponTitle}”` : "";
      return `${who} redeemed your coupon${coupon}${title ? ` at ${title}` : ""}`;
    }
    case "message":
      return `${who} sent you a message`;
    case "comment":
      return `${who} commented on ${quoted ?? "your post"}`;
    case "like":
      return `${who} liked ${quoted ?? "your post"}`;
    case "review_reply": {
      const business = title ?? (typeof data.businessName === "string" ? data.businessName : null);
      return `${business ?? who} replied to your review`;
    }
    case "partnership_invited":
      return `${stringOr(data.businessName, who)} invited you to partner with them`;
    case "partnership_accepted":
      return `${who} accepted your partnership invitation`;
    case "partnership_declined":
      return `${who} declined your partnership invitation`;
    case "partnership_ended":
      return data.recipientRole === "creator"
        ? `${stringOr(data.businessName, who)} ended your partnership`
        : `${who} ended your partnership`;
    case "payment_action_required":
      return `Your subscription to ${actorName ?? "a creator"}${amount ? ` (${amount}/month)` : ""} needs you to renew: pay before the period ends to keep it`;
    case "report_outcome":
      return (
        REPORT_OUTCOME_TEXTS[typeof data.outcome === "string" ? data.outcome : ""] ??
        "A moderator reviewed your report."
      );
    default:
      return `${who} interacted with you`;
  }
}

/** The one-click unsubscribe link's query (RFC 8058): a random token from a notification mail. */
export const unsubscribeQuery = z.object({
  token: z.string("This unsubscribe link is incomplete").min(20, "This unsubscribe link is incomplete").max(200),
});

/** The pages of the unsubscribe link (shown by the API, outside the web app). */
export const UNSUBSCRIBE_TEXTS = {
  confirmTitle: "Unsubscribe from Plaza emails?",
  confirm: (email: string) =>
    `Plaza will stop emailing ${email} about tips, unlocks, new subscribers and unread messages. Account mails (password resets, sign-in alerts) still arrive.`,
  confirmButton: "Unsubscribe",
  doneTitle: "You're unsubscribed",
  done: "Email notifications are off. You can turn them back on in Settings → Notifications.",
  invalidTitle: "This link doesn't work",
  invalid: "This unsubscribe link is invalid. Turn email notifications off in Settings → Notifications instead.",
  settingsLink: "Open Plaza settings",
} as const;
