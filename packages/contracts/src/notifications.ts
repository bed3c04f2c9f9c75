import { z } from "zod";
import { userSummaryView } from "./users";

export * from "./notifications.texts";

/** What a notification is about, named (a post's title, a business's name), for its sentence. */
export const notificationSubjectView = z.object({
  kind: z.enum(["post", "business", "coupon"]),
  id: z.string(),
  /** The post's title (or the start of its text when it has none), the business's or the coupon's name. */
  title: z.string(),
});
export type NotificationSubjectView = z.infer<typeof notificationSubjectView>;

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

/** The one-click unsubscribe link's query (RFC 8058): a random token from a notification mail. */
export const unsubscribeQuery = z.object({
  token: z.string("This unsubscribe link is incomplete").min(20, "This unsubscribe link is incomplete").max(200),
});
