import { and, desc, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { notifications } from "../../db/schema/admin";
import { users } from "../../db/schema/users";
import { notFound } from "../../lib/app-error";
import { decodeCursor } from "../../lib/cursor";
import { hasBlocked } from "../relationships/relationships.repository";

export type NotificationRow = typeof notifications.$inferSelect;
export type ActorRow = Pick<
  typeof users.$inferSelect,
  "id" | "username" | "firstName" | "lastName" | "profileImageUrl" | "profileType" | "isVerified"
>;

/**
 * One page (limit + 1 rows, newest first) of the user's notifications with their actors and whether each actor has
 * blocked the user since, in one query.
 */
export async function findNotificationsPage(db: Executor, userId: string, limit: number, cursorText?: string) {
  const cursor = decodeCursor(cursorText);
  return db
    .select({
      notification: notifications,
      actor: {
        id: users.id,
        username: users.username,
        firstName: users.firstName,
        lastName: users.lastName,
        profileImageUrl: users.profileImageUrl,
        profileType: users.profileType,
        isVerified: users.isVerified,
      },
      isActorBlockingViewer: hasBlocked(notifications.actorId, userId),
    })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.actorId))
    .where(
      and(
        eq(notifications.userId, userId),
        cursor
          ? or(
              lt(notifications.createdAt, cursor.createdAt),
              and(eq(notifications.createdAt, cursor.createdAt), lt(notifications.id, cursor.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit + 1);
}

export async function countUnreadNotifications(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.count ?? 0;
}

/** Marks one notification read (idempotent); 404 when it does not exist or is someone else's. */
export async function markNotificationRead(db: Executor, userId: string, notificationId: string, now: Date) {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(notifications.id, notificationId), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (!row) throw notFound("Notification not found");
}

export async function markAllNotificationsRead(db: Executor, userId: string, now: Date): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}

/**
 * Makes the recipient's existing notification of this type, actor and entity the newest and unread again, with
 * new data. Returns it (and whether it had been read), or undefined when there is none.
 */
export async function refreshNotification(
  db: Executor,
  key: {
    userId: string;
    type: string;
    actorId: string;
    entityType: string;
    entityId: string;
    data: Record<string, unknown>;
  },
): Promise<{ id: string; wasRead: boolean } | undefined> {
  const [existing] = await db
    .select({ id: notifications.id, readAt: notifications.readAt })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, key.userId),
        eq(notifications.type, key.type),
        eq(notifications.actorId, key.actorId),
        eq(notifications.entityType, key.entityType),
        eq(notifications.entityId, key.entityId),
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(1);
  if (!existing) return undefined;
  await db
    .update(notifications)
    .set({ createdAt: sql`now()`, readAt: null, data: key.data })
    .where(eq(notifications.id, existing.id));
  return { id: existing.id, wasRead: existing.readAt !== null };
}
