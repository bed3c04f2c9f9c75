import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { businesses } from "../../db/schema/businesses";
import { notifications } from "../../db/schema/notifications";
import { posts } from "../../db/schema/posts";
import { users } from "../../db/schema/users";
import { notFound } from "../../lib/app-error";
import { encodeCursor, type KeysetCursor } from "../../lib/cursor";
import { newestFirst, type PageRequest, paginate } from "../../lib/paginate";
import { hasBlocked } from "../relationships/relationships.repository";
import { type UserSummaryRow, userSummaryColumns } from "../users/user-summary.repository";

export type NotificationRow = typeof notifications.$inferSelect;
/** An actor as notifications show them: a person in a list (a business account as its business). */
export type ActorRow = UserSummaryRow;

const actorColumns = userSummaryColumns();

/** The notification with its actor and named subject (post title, business name), as the list and push read it. */
function selectNotificationRows(db: Executor, userId: string) {
  return db
    .select({
      notification: notifications,
      actor: actorColumns,
      isActorBlockingViewer: hasBlocked(notifications.actorId, userId),
      post: { id: posts.id, title: posts.title, content: posts.content },
      business: { id: businesses.id, name: businesses.name },
    })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.actorId))
    .leftJoin(
      posts,
      sql`${posts.id} = (case when ${notifications.entityType} = 'post' then ${notifications.entityId}::uuid end)`,
    )
    .leftJoin(
      businesses,
      sql`${businesses.id} = (case when ${notifications.data} ->> 'businessId' ~* '^[0-9a-f-]{36}$' then (${notifications.data} ->> 'businessId')::uuid end)`,
    );
}

export type NotificationPageRow = Awaited<ReturnType<typeof selectNotificationRows>>[number];

/** One of the user's notifications, read like a list entry; undefined when it is not theirs. */
export async function findNotificationRow(db: Executor, userId: string, notificationId: string) {
  const [row] = await selectNotificationRows(db, userId)
    .where(and(eq(notifications.id, notificationId), eq(notifications.userId, userId)))
    .limit(1);
  return row;
}

/**
 * The other actors of grouped notifications (by id), with whether they blocked the viewer or the viewer blocked
 * them: those are left out of the avatars.
 */
export async function findActorsByIds(db: Executor, viewerId: string, ids: string[]): Promise<Map<string, ActorRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ ...actorColumns, isHidden: sql<boolean>`(${hasBlocked(users.id, viewerId)} or ${users.isDeleted})` })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.filter((row) => !row.isHidden).map(({ isHidden: _hidden, ...actor }) => [actor.id, actor]));
}

/**
 * One page (newest first) of the user's notifications with their actors and whether each actor has blocked the user
 * since, in one query.
 */
export function findNotificationsPage(db: Executor, userId: string, page: PageRequest<KeysetCursor>) {
  return paginate(
    page,
    newestFirst(notifications.createdAt, notifications.id),
    ({ after, orderBy, limit }) =>
      selectNotificationRows(db, userId)
        .where(and(eq(notifications.userId, userId), after))
        .orderBy(...orderBy)
        .limit(limit),
    (row) => encodeCursor(row.notification),
  );
}

/** The recipient of a notification as notify reads it: preferences, mail address and names, whether deleted. */
export async function findNotificationRecipient(db: Executor, userId: string) {
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
    .where(eq(users.id, userId))
    .limit(1);
  return recipient;
}

/** Inserts an ungrouped notification; its id. */
export async function insertNotification(
  db: Executor,
  values: {
    userId: string;
    type: string;
    actorId: string | null;
    entityType: string | null;
    entityId: string | null;
    data: Record<string, unknown>;
  },
): Promise<{ id: string } | undefined> {
  const [row] = await db.insert(notifications).values(values).returning({ id: notifications.id });
  return row;
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

/** How many actor ids a grouped notification remembers (its count stops growing past this). */
const GROUP_ACTOR_LIMIT = 100;

/**
 * Adds an event to the recipient's grouped notification with this key (likes of one post…): inserts it, or, when
 * the group exists, puts the actor first among its actors and makes it newest and unread with the new data. The
 * unique (user, group key) index and the row lock make concurrent events land in one entry.
 */
export async function upsertGroupedNotification(
  db: Executor,
  values: {
    userId: string;
    type: string;
    actorId: string;
    entityType: string | null;
    entityId: string | null;
    data: Record<string, unknown>;
    groupKey: string;
  },
): Promise<{ id: string; isNew: boolean }> {
  const [inserted] = await db
    .insert(notifications)
    .values({ ...values, data: { ...values.data, actorIds: [values.actorId] } })
    .onConflictDoNothing({
      target: [notifications.userId, notifications.groupKey],
      where: sql`${notifications.groupKey} is not null`,
    })
    .returning({ id: notifications.id });
  if (inserted) return { id: inserted.id, isNew: true };
  const [existing] = await db
    .select({ id: notifications.id, data: notifications.data })
    .from(notifications)
    .where(and(eq(notifications.userId, values.userId), eq(notifications.groupKey, values.groupKey)))
    .for("update");
  if (!existing) throw new Error("grouped notification vanished");
  const previous = Array.isArray(existing.data.actorIds) ? (existing.data.actorIds as string[]) : [];
  const actorIds = [values.actorId, ...previous.filter((id) => id !== values.actorId)].slice(0, GROUP_ACTOR_LIMIT);
  await db
    .update(notifications)
    .set({
      actorId: values.actorId,
      data: { ...values.data, actorIds },
      readAt: null,
      createdAt: sql`now()`,
    })
    .where(eq(notifications.id, existing.id));
  return { id: existing.id, isNew: false };
}
