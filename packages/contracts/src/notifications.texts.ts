// Texts, constants and pure rules of notifications: no zod, so the web app's first screen can import them without
// evaluating schemas. The schemas are in ./notifications.ts, which re-exports all of this.
import { eventReminderWhen } from "./events.texts";
import { formatCents } from "./money";

/** Kinds of notification (docs/PRODUCT.md "Social": notifications are real). */
export const NOTIFICATION_TYPES = [
  "follow",
  "tip",
  "ppv_unlock",
  "new_subscriber",
  "coupon_redeemed",
  "message",
  "report_outcome",
  "moderation_notice",
  "appeal_decided",
  "comment",
  "like",
  "review_reply",
  "partnership_invited",
  "partnership_accepted",
  "partnership_declined",
  "partnership_ended",
  "payment_action_required",
  "event_cancelled",
  "event_changed",
  "event_waitlist_promoted",
  "event_co_host_invited",
  "event_invited",
  "event_reminder",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The live event published to the recipient's open tabs after a notification is committed. */
export const NOTIFICATION_CREATED_EVENT = "notification.created";

/** How many actors' avatars a (grouped) notification carries. */
export const NOTIFICATION_AVATAR_COUNT = 3;

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

function amountOf(data: Record<string, unknown>): string | null {
  return typeof data.amountCents === "number" ? formatCents(data.amountCents) : null;
}

function stringOr(value: unknown, fallback: string): string {
  return typeof value === "string" && value ? value : fallback;
}

/** What a notification's sentence needs besides the actor's name. */
export interface DescribedNotification {
  type: string;
  data: Record<string, unknown>;
  subject?: { title: string } | null;
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
    case "event_cancelled":
      return `${quoted ?? `“${stringOr(data.eventTitle, "An event")}”`} was cancelled`;
    case "event_changed":
      return `The time or place of ${quoted ?? `“${stringOr(data.eventTitle, "an event")}”`} changed`;
    case "event_waitlist_promoted":
      return `A seat opened up: you're going to ${quoted ?? `“${stringOr(data.eventTitle, "the event")}”`}`;
    case "event_co_host_invited":
      return `${who} asked you to co-host ${quoted ?? `“${stringOr(data.eventTitle, "an event")}”`}`;
    case "event_invited":
      return `${who} invited you to ${quoted ?? `“${stringOr(data.eventTitle, "an event")}”`}`;
    case "event_reminder":
      return `${quoted ?? `“${stringOr(data.eventTitle, "An event")}”`} starts ${eventReminderWhen(data.which, data.startsAt, data.timeZone)}`;
    case "moderation_notice":
      return "A moderator acted on your account. Read the notice (you may appeal).";
    case "appeal_decided":
      return data.isGranted === true
        ? "Your appeal was granted and the action reversed."
        : "Your appeal was reviewed and denied.";
    case "report_outcome":
      return (
        REPORT_OUTCOME_TEXTS[typeof data.outcome === "string" ? data.outcome : ""] ??
        "A moderator reviewed your report."
      );
    default:
      return `${who} interacted with you`;
  }
}

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
