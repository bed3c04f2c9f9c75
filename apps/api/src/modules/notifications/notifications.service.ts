import {
  type NotificationType as ContractNotificationType,
  NOTIFICATION_CREATED_EVENT,
  type NotificationView,
} from "@plaza/contracts/notifications";
import type { PageQuery } from "@plaza/contracts/pagination";
import type { Preferences } from "@plaza/contracts/users";
import { eq } from "drizzle-orm";
import type { AppContext } from "../../app-context";
import type { Env } from "../../config/env";
import type { Database, Executor, Transaction } from "../../db/client";
import { notifications } from "../../db/schema/notifications";
import { users } from "../../db/schema/users";
import type { Clock } from "../../lib/clock";
import { decodeCursor, type Page } from "../../lib/cursor";
import type { LiveEvents } from "../../lib/live-events";
import { configuredBaseUrl } from "../../lib/mail/links";
import type { MailOutbox } from "../../lib/mail/mail-outbox";
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
  findNotificationsPage,
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

/** Where notifications go besides the table; read at publish time, so a bus swapped in after start-up is used. */
interface DeliverySource {
  liveEvents: LiveEvents;
  mail: MailOutbox;
  clock: Clock;
  env: Env;
}

/** What a transaction created, delivered once it commits. */
interface PendingDelivery {
  created: CreatedNotification[];
  hasMail: boolean;
}

/** Root databases whose notifications are delivered live, with where they go. */
const deliveryByDatabase = new WeakMap<Executor, DeliverySource>();
/** Notifications created inside a transaction that has not committed yet, with the transaction's source. */
const pendingByTransaction = new WeakMap<Executor, PendingDelivery & { source: DeliverySource }>();

/** Another channel a committed notification goes out on (Web Push); must not block (start background work). */
export type NotificationChannel = (created: CreatedNotification) => void;

/** Further channels of each root database, called after commit like the live event. */
const channelsByDatabase = new WeakMap<Executor, NotificationChannel[]>();

/**
 * Adds a channel that every notification of this database goes out on once its transaction has committed (and
 * never when it rolled back), next to the live event. Called once per app by the module that owns the channel.
 */
export function addNotificationChannel(db: Database, channel: NotificationChannel): void {
  channelsByDatabase.set(db, [...(channelsByDatabase.get(db) ?? []), channel]);
}

function publishCreated(db: Executor, source: DeliverySource, created: CreatedNotification): void {
  for (const channel of channelsByDatabase.get(db) ?? []) channel(created);
  void source.liveEvents
    .publish(created.userId, { type: NOTIFICATION_CREATED_EVENT, payload: { id: created.id, type: created.type } })
    .catch(() => undefined);
}

/**
 * Makes notifications of this database arrive live (`notification.created` through `liveEvents`) and their mails
 * leave (the outbox is kicked), after commit.
 *
 * `notify(tx, …)` cannot see when its transaction commits, so this wraps `db.transaction`: notifications
 * created inside a transaction are held until it commits and dropped if it rolls back. A client that refetches
 * when the event arrives therefore always finds the notification. Called once per app (notifications routes).
 */
export function deliverNotificationsLive(db: Database, source: DeliverySource): void {
  if (deliveryByDatabase.has(db)) return;
  deliveryByDatabase.set(db, source);
  const openTransaction = db.transaction.bind(db);
  const transactionWithDelivery: Database["transaction"] = async (run, config) => {
    let opened: Transaction | null = null;
    const result = await openTransaction(async (tx) => {
      opened = tx;
      pendingByTransaction.set(tx, { created: [], hasMail: false, source });
      return run(tx);
    }, config);
    const pending = opened ? pendingByTransaction.get(opened) : undefined;
    for (const created of pending?.created ?? []) publishCreated(db, source, created);
    if (pending?.hasMail) source.mail.kick();
    return result;
  };
  db.transaction = transactionWithDelivery;
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
export async function notify(db: Executor, notification: NewNotification): Promise<void> {
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
    const [row] = await db
      .insert(notifications)
      .values({
        userId: notification.userId,
        type: notification.type,
        actorId: notification.actorId ?? null,
        entityType: notification.entityType ?? null,
        entityId: notification.entityId ?? null,
        data: notification.data ?? {},
      })
      .returning({ id: notifications.id });
    if (!row) return;
    id = row.id;
  }
  publishWhenCommitted(db, { id, userId: notification.userId, type: notification.type });
  if (MAILED_NOTIFICATION_TYPES.has(notification.type) && wantsMail(recipient)) {
    await mailNotification(db, recipient, id);
  }
}

interface Recipient extends MailRecipient {
  preferences: Preferences;
  emailVerifiedAt: Date | null;
}

function wantsMail(recipient: Recipient): boolean {
  return recipient.preferences.emailNotifications !== false && recipient.emailVerifiedAt !== null;
}

/** Puts the mail of a notification in the outbox (same transaction); skipped where no delivery is set up. */
async function mailNotification(db: Executor, recipient: Recipient, notificationId: string): Promise<void> {
  const pending = pendingByTransaction.get(db);
  const source = pending?.source ?? deliveryByDatabase.get(db);
  if (!source) return;
  const view = await presentNotificationForUser(db, recipient.id, notificationId);
  if (!view) return;
  await enqueueNotificationMail(
    db,
    { mail: source.mail, clock: source.clock, baseUrl: configuredBaseUrl(source.env) },
    recipient,
    moneyMailContent(view),
  );
  if (pending) pending.hasMail = true;
  else source.mail.kick();
}

/** notify's rules: not for oneself, not across a block, not to a deleted account. Returns the recipient. */
async function wantedRecipient(db: Executor, notification: NewNotification): Promise<Recipient | undefined> {
  if (notification.actorId && notification.actorId === notification.userId) return undefined;
  const [recipient] = await db
    .select({
      id: users.id,
      email: users.email,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      preferences: users.preferences,
      emailVerifiedAt: users.emailVerifiedAt,
      isDeleted: users.isDeleted,
    })
    .from(users)
    .where(eq(users.id, notification.userId))
    .limit(1);
  if (!recipient || recipient.isDeleted) return undefined;
  if (notification.actorId && (await isBlockedEitherWay(db, notification.actorId, notification.userId))) {
    return undefined;
  }
  return recipient;
}

function publishWhenCommitted(db: Executor, created: CreatedNotification): void {
  const pending = pendingByTransaction.get(db);
  if (pending) {
    pending.created.push(created);
    return;
  }
  // Outside a transaction the insert has committed already.
  const source = deliveryByDatabase.get(db);
  if (source) publishCreated(db, source, created);
}

/**
 * Like `notify`, for events a person can repeat at will (follow, unfollow, follow again): the recipient keeps one
 * notification per type, actor and entity. A repeat refreshes that one (newest again, unread, the new data)
 * instead of adding another, and is announced live only when it had been read, so the unread count never grows
 * with the repeats. The caller serialises repeats of one pair (follows take a per-pair lock).
 */
export async function notifyOnce(
  db: Executor,
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
    await notify(db, notification);
    return;
  }
  if (refreshed.wasRead)
    publishWhenCommitted(db, { id: refreshed.id, userId: notification.userId, type: notification.type });
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
