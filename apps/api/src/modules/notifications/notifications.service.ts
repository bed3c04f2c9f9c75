import {
  type NotificationType as ContractNotificationType,
  NOTIFICATION_CREATED_EVENT,
} from "@plaza/contracts/notifications";
import { eq } from "drizzle-orm";
import type { AppContext } from "../../app-context";
import type { Database, Executor, Transaction } from "../../db/client";
import { notifications } from "../../db/schema/admin";
import { users } from "../../db/schema/users";
import type { LiveEvents } from "../../lib/live-events";
import { isBlockedEitherWay } from "../relationships/relationships.repository";
import {
  countUnreadNotifications,
  findNotificationsPage,
  markAllNotificationsRead,
  markNotificationRead,
  refreshNotification,
} from "./notifications.repository";

/** Kinds of notification (CONTRACT "Social": notifications are real). */
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

/** Another channel a committed notification goes out on (Web Push); must not block (start background work). */
export type NotificationChannel = (created: CreatedNotification) => void;

/** Where live events go; read at publish time, so a bus swapped in after start-up (Redis) is used. */
interface LiveEventsSource {
  liveEvents: LiveEvents;
}

/** Root databases whose notifications are delivered live, with the bus they go to. */
const liveDeliveryByDatabase = new WeakMap<Executor, LiveEventsSource>();
/** Notifications created inside a transaction that has not committed yet. */
const pendingByTransaction = new WeakMap<Executor, CreatedNotification[]>();
/** Further channels of each root database, called after commit like the live event. */
const channelsByDatabase = new WeakMap<Executor, NotificationChannel[]>();

function publishCreated(db: Executor, source: LiveEventsSource, created: CreatedNotification): void {
  void source.liveEvents
    .publish(created.userId, { type: NOTIFICATION_CREATED_EVENT, payload: { id: created.id, type: created.type } })
    .catch(() => undefined);
  for (const channel of channelsByDatabase.get(db) ?? []) channel(created);
}

/**
 * Adds a channel that every notification of this database goes out on once its transaction has committed (and
 * never when it rolled back), next to the live event. Called once per app by the module that owns the channel.
 */
export function addNotificationChannel(db: Database, channel: NotificationChannel): void {
  channelsByDatabase.set(db, [...(channelsByDatabase.get(db) ?? []), channel]);
}

/**
 * Makes notifications of this database arrive live (`notification.created` through `liveEvents`), after commit.
 *
 * `notify(tx, …)` cannot see when its transaction commits, so this wraps `db.transaction`: notifications
 * created inside a transaction are held until it commits and dropped if it rolls back. A client that refetches
 * when the event arrives therefore always finds the notification. Called once per app (notifications routes).
 */
export function deliverNotificationsLive(db: Database, source: LiveEventsSource): void {
  if (liveDeliveryByDatabase.has(db)) return;
  liveDeliveryByDatabase.set(db, source);
  const openTransaction = db.transaction.bind(db);
  const transactionWithDelivery: Database["transaction"] = async (run, config) => {
    let opened: Transaction | null = null;
    const result = await openTransaction(async (tx) => {
      opened = tx;
      pendingByTransaction.set(tx, []);
      return run(tx);
    }, config);
    const pending = opened ? pendingByTransaction.get(opened) : undefined;
    for (const created of pending ?? []) publishCreated(db, source, created);
    return result;
  };
  db.transaction = transactionWithDelivery;
}

/**
 * Records a notification inside the caller's transaction, so it exists exactly when the event it reports does.
 * Nobody is notified of their own actions, nor of the actions of someone they blocked or who blocked them.
 *
 * Preferences: `preferences.pushNotifications` turns Web Push to the recipient's devices on and off (the push
 * channel reads it); the in-app list always gets the notification. Deleted accounts get none.
 */
export async function notify(db: Executor, notification: NewNotification): Promise<void> {
  if (!(await isWanted(db, notification))) return;
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
  publishWhenCommitted(db, { id: row.id, userId: notification.userId, type: notification.type });
}

/** notify's rules: not for oneself, not across a block, not to a deleted account. */
async function isWanted(db: Executor, notification: NewNotification): Promise<boolean> {
  if (notification.actorId && notification.actorId === notification.userId) return false;
  const [recipient] = await db
    .select({ isDeleted: users.isDeleted })
    .from(users)
    .where(eq(users.id, notification.userId))
    .limit(1);
  if (!recipient || recipient.isDeleted) return false;
  if (notification.actorId && (await isBlockedEitherWay(db, notification.actorId, notification.userId))) return false;
  return true;
}

function publishWhenCommitted(db: Executor, created: CreatedNotification): void {
  const pending = pendingByTransaction.get(db);
  if (pending) {
    pending.push(created);
    return;
  }
  // Outside a transaction the insert has committed already.
  const source = liveDeliveryByDatabase.get(db);
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
  if (!(await isWanted(db, notification))) return;
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

export function listNotifications(context: AppContext, userId: string, limit: number, cursor: string | undefined) {
  return findNotificationsPage(context.db, userId, limit, cursor);
}

export function countUnread(context: AppContext, userId: string): Promise<number> {
  return countUnreadNotifications(context.db, userId);
}

/** Marks one of the user's notifications read; 404 when it is not theirs. */
export async function readNotification(context: AppContext, userId: string, notificationId: string): Promise<void> {
  await markNotificationRead(context.db, userId, notificationId, context.clock.now());
}

export async function readAllNotifications(context: AppContext, userId: string): Promise<void> {
  await markAllNotificationsRead(context.db, userId, context.clock.now());
}
