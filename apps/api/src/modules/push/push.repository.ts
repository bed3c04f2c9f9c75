import { and, desc, eq, getTableColumns, gt, notInArray } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { sessions } from "../../db/schema/auth";
import { pushSubscriptions, serverKeys } from "../../db/schema/push";
import { users } from "../../db/schema/users";

export interface NewPushSubscription {
  userId: string;
  sessionId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  createdAt: Date;
}

/** Saves a subscription; an endpoint already known (this browser re-subscribing, or another account on it) is taken over. */
export async function upsertPushSubscription(db: Executor, subscription: NewPushSubscription): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values(subscription)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId: subscription.userId,
        sessionId: subscription.sessionId,
        p256dh: subscription.p256dh,
        auth: subscription.auth,
        createdAt: subscription.createdAt,
      },
    });
}

/** Keeps the user's newest `keep` subscriptions and deletes the rest. */
export async function trimPushSubscriptions(db: Executor, userId: string, keep: number): Promise<void> {
  const newest = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(keep);
  if (newest.length < keep) return;
  await db.delete(pushSubscriptions).where(
    and(
      eq(pushSubscriptions.userId, userId),
      notInArray(
        pushSubscriptions.id,
        newest.map((row) => row.id),
      ),
    ),
  );
}

export async function deleteUserPushSubscription(db: Executor, userId: string, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** Drops a subscription the push service no longer knows (404/410); only the row that was pushed to. */
export async function deletePushSubscriptionById(db: Executor, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

/** The user's subscriptions whose session is still live (an ended session's rows go with it). */
export async function findPushSubscriptions(db: Executor, userId: string, now: Date) {
  return db
    .select(getTableColumns(pushSubscriptions))
    .from(pushSubscriptions)
    .innerJoin(sessions, eq(sessions.id, pushSubscriptions.sessionId))
    .where(and(eq(pushSubscriptions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(pushSubscriptions.createdAt));
}

/** Whether the user wants pushes (`preferences.pushNotifications`; a deleted account never). */
export async function wantsPush(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ preferences: users.preferences, isDeleted: users.isDeleted })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row !== undefined && !row.isDeleted && row.preferences.pushNotifications !== false;
}

export async function findServerKey(db: Executor, name: string): Promise<string | undefined> {
  const [row] = await db.select({ value: serverKeys.value }).from(serverKeys).where(eq(serverKeys.name, name));
  return row?.value;
}

/** Stores a generated key unless another process stored one first; returns whether this one was stored. */
export async function insertServerKeyOnce(db: Executor, name: string, value: string, now: Date): Promise<boolean> {
  const inserted = await db
    .insert(serverKeys)
    .values({ name, value, createdAt: now })
    .onConflictDoNothing()
    .returning({ name: serverKeys.name });
  return inserted.length > 0;
}
