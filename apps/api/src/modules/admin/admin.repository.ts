import type { AgreementKind } from "@plaza/contracts/agreements";
import { and, eq, ilike, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client";
import { containsPattern } from "../../db/like";
import { adminLogs } from "../../db/schema/admin";
import { agreements } from "../../db/schema/agreements";
import { sessions } from "../../db/schema/auth";
import { businesses } from "../../db/schema/businesses";
import { posts } from "../../db/schema/posts";
import { reports } from "../../db/schema/reports";
import { type UserRow, users } from "../../db/schema/users";
import { encodeCursor, type KeysetCursor } from "../../lib/cursor";
import { newestFirst, type PageRequest, paginate } from "../../lib/paginate";
import { userSummaryColumns } from "../users/user-summary.repository";
import { usernameOrNameContains } from "../users/users.repository";

export type AdminLogRow = typeof adminLogs.$inferSelect;

const countAll = sql<number>`count(*)::int`;

export async function countStats(db: Executor) {
  const [row] = await db
    .select({
      totalUsers: sql<number>`(select count(*)::int from ${users})`,
      suspendedUsers: sql<number>`(select count(*)::int from ${users} where ${users.isSuspended})`,
      deletedUsers: sql<number>`(select count(*)::int from ${users} where ${users.isDeleted})`,
      totalPosts: sql<number>`(select count(*)::int from ${posts})`,
      totalBusinesses: sql<number>`(select count(*)::int from ${businesses})`,
      openReports: sql<number>`(select count(*)::int from ${reports} where ${reports.status} = 'open')`,
    })
    .from(sql`(select 1) as one`);
  return (
    row ?? { totalUsers: 0, suspendedUsers: 0, deletedUsers: 0, totalPosts: 0, totalBusinesses: 0, openReports: 0 }
  );
}

export function findUsersPage(db: Executor, search: string | undefined, page: PageRequest<KeysetCursor>) {
  return paginate(
    page,
    newestFirst(users.createdAt, users.id),
    ({ after, orderBy, limit }) =>
      db
        .select()
        .from(users)
        .where(
          and(
            search ? or(usernameOrNameContains(search), ilike(users.email, containsPattern(search))) : undefined,
            after,
          ),
        )
        .orderBy(...orderBy)
        .limit(limit),
    encodeCursor,
  );
}

export async function findUserById(db: Executor, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

export async function updateSuspension(
  db: Executor,
  userId: string,
  values: { isSuspended: boolean; suspendedUntil: Date | null; suspensionReason: string | null; now: Date },
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({
      isSuspended: values.isSuspended,
      suspendedUntil: values.suspendedUntil,
      suspensionReason: values.suspensionReason,
      updatedAt: values.now,
    })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

export async function updateVerified(db: Executor, userId: string, isVerified: boolean, now: Date) {
  const [row] = await db.update(users).set({ isVerified, updatedAt: now }).where(eq(users.id, userId)).returning();
  return row;
}

/**
 * Schedules deletion and suspends the account without an end date, so the user cannot sign back in and cancel an
 * administrator's deletion (cancelling is a write). An existing suspension reason is kept, and so is the end date of
 * a deletion the user already asked for when it comes sooner.
 */
export async function markUserForDeletion(db: Executor, userId: string, graceEnd: Date, now: Date, reason: string) {
  const [row] = await db
    .update(users)
    .set({
      isDeleted: true,
      deletionGracePeriodEnd: sql`least(${users.deletionGracePeriodEnd}, ${graceEnd.toISOString()}::timestamptz)`,
      isSuspended: true,
      suspendedUntil: null,
      suspensionReason: sql`coalesce(${users.suspensionReason}, ${reason})`,
      updatedAt: now,
    })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

export async function deleteSessionsOfUser(db: Executor, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

const authorColumns = userSummaryColumns();

export function findPostsPage(db: Executor, page: PageRequest<KeysetCursor>) {
  return paginate(
    page,
    newestFirst(posts.createdAt, posts.id),
    ({ after, orderBy, limit }) =>
      db
        .select({ post: posts, author: authorColumns })
        .from(posts)
        .innerJoin(users, eq(users.id, posts.authorId))
        .where(after)
        .orderBy(...orderBy)
        .limit(limit),
    (row) => encodeCursor(row.post),
  );
}

export interface NewAdminLog {
  action: string;
  targetType: string;
  targetId: string;
  adminUserId: string;
  details?: Record<string, unknown>;
  createdAt: Date;
}

export async function insertAdminLog(db: Executor, log: NewAdminLog): Promise<void> {
  await db.insert(adminLogs).values({ ...log, details: log.details ?? {} });
}

const actingAdmin = alias(users, "acting_admin");
const targetUser = alias(users, "target_user");

/**
 * A page of the admin log with the names the screen shows: the acting admin's username and, for user and post
 * targets, the target's username or the post's title (each a primary-key join; the target id is text, so it is
 * compared as text).
 */
export function findLogsPage(db: Executor, page: PageRequest<KeysetCursor>) {
  return paginate(
    page,
    newestFirst(adminLogs.createdAt, adminLogs.id),
    ({ after, orderBy, limit }) =>
      db
        .select({
          log: adminLogs,
          admin: userSummaryColumns(actingAdmin),
          targetUser: userSummaryColumns(targetUser),
          targetPostTitle: posts.title,
          targetPostContent: sql<string | null>`left(${posts.content}, 80)`,
        })
        .from(adminLogs)
        .leftJoin(actingAdmin, eq(actingAdmin.id, adminLogs.adminUserId))
        .leftJoin(
          targetUser,
          and(eq(adminLogs.targetType, "user"), sql`${targetUser.id}::text = ${adminLogs.targetId}`),
        )
        .leftJoin(posts, and(eq(adminLogs.targetType, "post"), sql`${posts.id}::text = ${adminLogs.targetId}`))
        .where(after)
        .orderBy(...orderBy)
        .limit(limit),
    (row) => encodeCursor(row.log),
  );
}
export type AdminLogPageRow = Awaited<ReturnType<typeof findLogsPage>>["items"][number];

export interface LocationCountRow {
  label: string;
  people: number;
  count: number;
}

/** How many LIKE-grouped rows a location query returns at most before merging (charts show the top ones). */
const LOCATION_ROWS_MAX = 500;

const hasText = (column: Parameters<typeof eq>[0]) => sql`nullif(trim(${column}), '') is not null`;
const activeUser = sql`not ${users.isDeleted}`;

/** People per city; only users whose locationPrivacy lets others see their city. */
export function countUsersByCity(db: Executor): Promise<LocationCountRow[]> {
  return db
    .select({ label: sql<string>`min(trim(${users.city}))`, people: countAll, count: countAll })
    .from(users)
    .where(and(activeUser, hasText(users.city), sql`${users.locationPrivacy} in ('public', 'city')`))
    .groupBy(sql`lower(trim(${users.city}))`)
    .orderBy(sql`count(*) desc`)
    .limit(LOCATION_ROWS_MAX);
}

/** People per country; users who hide their location are left out. */
export function countUsersByCountry(db: Executor): Promise<LocationCountRow[]> {
  return db
    .select({ label: sql<string>`min(trim(${users.country}))`, people: countAll, count: countAll })
    .from(users)
    .where(and(activeUser, hasText(users.country), sql`${users.locationPrivacy} <> 'hidden'`))
    .groupBy(sql`lower(trim(${users.country}))`)
    .orderBy(sql`count(*) desc`)
    .limit(LOCATION_ROWS_MAX);
}

/** People per "city, country" place. */
export function countUsersByPlace(db: Executor): Promise<LocationCountRow[]> {
  return db
    .select({
      label: sql<string>`min(trim(${users.city}) || ', ' || trim(${users.country}))`,
      people: countAll,
      count: countAll,
    })
    .from(users)
    .where(
      and(activeUser, hasText(users.city), hasText(users.country), sql`${users.locationPrivacy} in ('public', 'city')`),
    )
    .groupBy(sql`lower(trim(${users.city}))`, sql`lower(trim(${users.country}))`)
    .orderBy(sql`count(*) desc`)
    .limit(LOCATION_ROWS_MAX);
}

const postCityKey = sql<string>`lower(trim(coalesce(${posts.city}, '')))`;
const postCountryKey = sql<string>`lower(trim(coalesce(${posts.country}, '')))`;

/** Posts per "city, country" place, with how many different people wrote them. */
export function countPostsByPlace(
  db: Executor,
): Promise<(LocationCountRow & { cityKey: string; countryKey: string })[]> {
  return db
    .select({
      label: sql<string>`min(concat_ws(', ', nullif(trim(${posts.city}), ''), nullif(trim(${posts.country}), '')))`,
      people: sql<number>`count(distinct ${posts.authorId})::int`,
      count: countAll,
      cityKey: postCityKey,
      countryKey: postCountryKey,
    })
    .from(posts)
    .where(or(hasText(posts.city), hasText(posts.country)))
    .groupBy(postCityKey, postCountryKey)
    .orderBy(sql`count(*) desc`)
    .limit(LOCATION_ROWS_MAX);
}

/**
 * Different people who wrote located posts outside the given places: the real size of a merged "other" bar
 * (one author with posts in several small places counts once).
 */
export async function countPostAuthorsOutside(db: Executor, places: { cityKey: string; countryKey: string }[]) {
  const excluded =
    places.length === 0
      ? sql`true`
      : sql`(${postCityKey}, ${postCountryKey}) not in (${sql.join(
          places.map((place) => sql`(${place.cityKey}, ${place.countryKey})`),
          sql`, `,
        )})`;
  const [row] = await db
    .select({ people: sql<number>`count(distinct ${posts.authorId})::int` })
    .from(posts)
    .where(and(or(hasText(posts.city), hasText(posts.country)), excluded));
  return row?.people ?? 0;
}

export async function findActiveAgreement(db: Executor, kind: AgreementKind) {
  const [row] = await db
    .select()
    .from(agreements)
    .where(and(eq(agreements.kind, kind), eq(agreements.isActive, true)))
    .limit(1);
  return row;
}

export async function findAgreementByVersion(db: Executor, kind: AgreementKind, version: string) {
  const [row] = await db
    .select({ id: agreements.id })
    .from(agreements)
    .where(and(eq(agreements.kind, kind), eq(agreements.version, version)))
    .limit(1);
  return row;
}

/** Makes the new version the only active document of its kind. */
export async function insertActiveAgreement(
  db: Executor,
  kind: AgreementKind,
  values: { title: string; version: string; content: string; now: Date },
) {
  await db
    .update(agreements)
    .set({ isActive: false })
    .where(and(eq(agreements.kind, kind), eq(agreements.isActive, true)));
  const [row] = await db
    .insert(agreements)
    .values({
      kind,
      title: values.title,
      version: values.version,
      content: values.content,
      isActive: true,
      createdAt: values.now,
    })
    .returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function databaseSizeBytes(db: Executor): Promise<number> {
  const [row] = await db
    .select({ size: sql<string>`pg_database_size(current_database())::text` })
    .from(sql`(select 1) as one`);
  return Number(row?.size ?? 0);
}

/** Row counts of the main tables (exact; this is an occasional admin read-out). */
export async function countMainTables(db: Executor): Promise<{ table: string; rows: number }[]> {
  const tables = [
    "users",
    "sessions",
    "posts",
    "comments",
    "likes",
    "follows",
    "messages",
    "businesses",
    "checkins",
    "coupons",
    "ledger_transactions",
    "notifications",
    "reports",
    "admin_logs",
  ];
  const selection = Object.fromEntries(
    tables.map((table) => [table, sql<number>`(select count(*)::int from ${sql.identifier(table)})`]),
  );
  const [row] = await db.select(selection).from(sql`(select 1) as one`);
  return tables.map((table) => ({ table, rows: Number(row?.[table] ?? 0) }));
}

/** Work waiting for the background jobs: accounts past their grace period, sessions past their expiry. */
export async function countJobBacklog(db: Executor, now: Date) {
  const [row] = await db
    .select({
      accountsToPurge: sql<number>`(select count(*)::int from ${users} where ${users.isDeleted} and ${users.deletionGracePeriodEnd} <= ${now.toISOString()}::timestamptz)`,
      expiredSessions: sql<number>`(select count(*)::int from ${sessions} where ${sessions.expiresAt} < ${now.toISOString()}::timestamptz)`,
    })
    .from(sql`(select 1) as one`);
  return row ?? { accountsToPurge: 0, expiredSessions: 0 };
}
