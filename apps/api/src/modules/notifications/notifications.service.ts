import {
  type NotificationType as ContractNotificationType,
  NOTIFICATION_CREATED_EVENT,
  type NotificationView,
} from "@plaza/contracts/notifications";
import type { PageQuery } from "@plaza/contracts/pagination";
import type { Preferences } from "@plaza/contracts/users";
import type { AppContext } from "../../app-context";
import type { Executor, Transaction } from "../../db/client";
import { decodeCursor, type Page } from "../../lib/cursor";
import { configuredBaseUrl } from "../../lib/mail/links";
import type { Effects } from "../../lib/unit-of-work";
import { accountLocale } from "../instance/instance.service";
import { isBlockedEitherWay } from "../relationships/relationships.repository";
import {
  enqueueNotificationMail,
  MAILED_NOTIFICATION_TYPES,
  type MailRecipient,
  moneyMailContent,
} from "./notification-mails";
import { presentNotificationForUser, presentNotificationPage } from "./notifications.presenter";
import {
  countUnreadNotifications,
  findNotificationRecipient,
  findNotificationsPage,
  insertNotification,
  markAllNotificationsRead,
  markNotificationRead,
  refreshNotification,
  upsertGroupedNotification,
} from "./notifications.repository";

/** Kinds of notification (docs/PRODUCT.md "Social": notifications are real). */
export type NotificationType = ContractNotificationType;

export interface NewNotification {
  userId: string;
  type: NotificationType;
  actorId?: string | null;
  entityType?: string;
  entityId?: string;
  data?: Record<string, unknown>;
}

export interface CreatedNotification {
  id: string;
  userId: string;
  type: string;
}

/**
 * The job that pushes one committed notification to its recipient's devices (requested by notify after commit). The
 * push module runs it (jobs/kinds.ts): notifications never import push, push reads notifications.
 */
export const WEB_PUSH_JOB = "web-push";

/**
 * After commit, a notification goes out live (`notification.created` to the recipient's open tabs) and to Web
 * Push (a job); both are effects of the caller's unit of work, so a rolled-back action announces nothing and a tab
 * that refetches on the event finds the row. A context that does not deliver (the demo town's past) only records.
 */
function announce(effects: Effects, created: CreatedNotification): void {
  if (!effects.context.deliverNotifications) return;
  effects.publish(created.userId, {
    type: NOTIFICATION_CREATED_EVENT,
    payload: { id: created.id, type: created.type },
  });
  effects.requestJob(WEB_PUSH_JOB, { ...created });
}

/** Likes and comments on one post are one entry per recipient ("Maya and 3 others liked …"). */
function groupKeyOf(notification: NewNotification): string | null {
  if (notification.type !== "like" && notification.type !== "comment") return null;
  if (!notification.actorId || notification.entityType !== "post" || !notification.entityId) return null;
  return `${notification.type}:post:${notification.entityId}`;
}

/**
 * Records a notification inside the caller's transaction, so it exists exactly when the event it reports does.
 * Nobody is notified of their own actions, nor of the actions of someone they blocked or who blocked them, and
 * deleted accounts get none. Likes and comments on one post join that post's entry (newest and unread again).
 *
 * Preferences never silence the in-app list: `pushNotifications` is about Web Push only. With
 * `emailNotifications` on (and a verified address), money events (tip, unlock, new subscriber) also send a mail
 * with a one-click unsubscribe link; the mail is in the outbox in the same transaction and leaves after commit.
 */
export async function notify(db: Transaction, effects: Effects, notification: NewNotification): Promise<void> {
  const recipient = await wantedRecipient(db, notification);
  if (!recipient) return;
  const groupKey = groupKeyOf(notification);
  let id: string;
  if (groupKey && notification.actorId) {
    ({ id } = await upsertGroupedNotification(db, {
      userId: notification.userId,
      type: notification.type,
      actorId: notification.actorId,
      entityType: notification.entityType ?? null,
      entityId: notification.entityId ?? null,
      data: notification.data ?? {},
      groupKey,
    }));
  } else {
    const row = await insertNotification(db, {
      userId: notification.userId,
      type: notification.type,
      actorId: notification.actorId ?? null,
      entityType: notification.entityType ?? null,
      entityId: notification.entityId ?? null,
      data: notification.data ?? {},
    });
    if (!row) return;
    id = row.id;
  }
  announce(effects, { id, userId: notification.userId, type: notification.type });
  if (MAILED_NOTIFICATION_TYPES.has(notification.type) && wantsMail(recipient)) {
    await mailNotification(db, effects, recipient, id);
  }
}

interface Recipient extends MailRecipient {
  preferences: Preferences;
  emailVerifiedAt: Date | null;
}

function wantsMail(recipient: Recipient): boolean {
  return recipient.preferences.emailNotifications !== false && recipient.emailVerifiedAt !== null;
}

/** Puts the mail of a notification in the outbox (same transaction); it leaves once the transaction commits. */
async function mailNotification(
  db: Transaction,
  effects: Effects,
  recipient: Recipient,
  notificationId: string,
): Promise<void> {
  const { context } = effects;
  if (!context.deliverNotifications) return;
  const view = await presentNotificationForUser(db, recipient.id, notificationId);
  if (!view) return;
  await enqueueNotificationMail(
    db,
    { mail: context.mail, clock: context.clock, baseUrl: configuredBaseUrl(context.env) },
    recipient,
    moneyMailContent(view),
    await accountLocale(context, recipient, db),
  );
  effects.kickMail();
}

/** notify's rules: not for oneself, not across a block, not to a deleted account. Returns the recipient. */
async function wantedRecipient(db: Executor, notification: NewNotification): Promise<Recipient | undefined> {
  if (notification.actorId && notification.actorId === notification.userId) return undefined;
  const recipient = await findNotificationRecipient(db, notification.userId);
  if (!recipient || recipient.isDeleted) return undefined;
  if (notification.actorId && (await isBlockedEitherWay(db, notification.actorId, notification.userId))) {
    return undefined;
  }
  return recipient;
}

/**
 * Like `notify`, for events a person can repeat at will (follow, unfollow, follow again): the recipient keeps one
 * notification per type, actor and entity. A repeat refreshes that one (newest again, unread, the new data)
 * instead of adding another, and is announced live only when it had been read, so the unread count never grows
 * with the repeats. The caller serialises repeats of one pair (follows take a per-pair lock).
 */
export async function notifyOnce(
  db: Transaction,
  effects: Effects,
  notification: NewNotification & { actorId: string; entityType: string; entityId: string },
): Promise<void> {
  if (!(await wantedRecipient(db, notification))) return;
  const refreshed = await refreshNotification(db, {
    userId: notification.userId,
    type: notification.type,
    actorId: notification.actorId,
    entityType: notification.entityType,
    entityId: notification.entityId,
    data: notification.data ?? {},
  });
  if (!refreshed) {
    await notify(db, effects, notification);
    return;
  }
  if (refreshed.wasRead) announce(effects, { id: refreshed.id, userId: notification.userId, type: notification.type });
}

/** A page of the user's notifications, newest first, as the list shows them. */
export async function listNotifications(
  context: AppContext,
  userId: string,
  { limit, cursor }: PageQuery,
): Promise<Page<NotificationView>> {
  const page = await findNotificationsPage(context.db, userId, { limit, cursor: decodeCursor(cursor) });
  return { items: await presentNotificationPage(context.db, userId, page.items), nextCursor: page.nextCursor };
}

export function countUnread(context: AppContext, userId: string): Promise<number> {
  return countUnreadNotifications(context.db, userId);
}

/** The unread count as the API answers it. */
export async function getUnreadCount(context: AppContext, userId: string): Promise<{ count: number }> {
  return { count: await countUnread(context, userId) };
}

/** Marks one of the user's notifications read; 404 when it is not theirs. */
export async function readNotification(context: AppContext, userId: string, notificationId: string): Promise<void> {
  await markNotificationRead(context.db, userId, notificationId, context.clock.now());
}

export async function readAllNotifications(context: AppContext, userId: string): Promise<void> {
  await markAllNotificationsRead(context.db, userId, context.clock.now());
}
