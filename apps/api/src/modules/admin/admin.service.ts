import {
  ADMIN_MESSAGES,
  type AdminLogView,
  type AdminPostView,
  type AdminUserView,
  type JobsView,
  LOCATION_ANALYTICS_MIN_GROUP,
  type LocationGroupView,
  type LocationStatsView,
  type PublishAgreementBody,
  type SuspendUserBody,
  type SystemView,
} from "@plaza/contracts/admin";
import type { AgreementView } from "@plaza/contracts/agreements";
import { DELETION_GRACE_MS } from "@plaza/contracts/constants";
import type { PageQuery } from "@plaza/contracts/pagination";
import type { AppContext } from "../../app-context";
import type { Executor } from "../../db/client";
import type { UserRow } from "../../db/schema/users";
import { JOB_KINDS } from "../../jobs/kinds";
import { badRequest, conflict, forbidden, notFound } from "../../lib/app-error";
import { decodeCursor, mapPage, type Page } from "../../lib/cursor";
import { removePost } from "../posts/posts.service";
import { presentAdminLog, presentAdminPost, presentAdminUser } from "./admin.presenter";
import {
  countJobBacklog,
  countMainTables,
  countPostAuthorsOutside,
  countPostsByPlace,
  countStats,
  countUsersByCity,
  countUsersByCountry,
  countUsersByPlace,
  databaseSizeBytes,
  deleteSessionsOfUser,
  findActiveAgreement,
  findAgreementByVersion,
  findLogsPage,
  findPostsPage,
  findUserById,
  findUsersPage,
  insertActiveAgreement,
  insertAdminLog,
  markUserForDeletion,
  updateSuspension,
  updateVerified,
} from "./admin.repository";
import { toLocationGroups } from "./location-groups";

export function getAdminStats(context: AppContext) {
  return countStats(context.db);
}

export async function listUsers(
  context: AppContext,
  query: { q?: string; limit: number; cursor?: string },
): Promise<Page<AdminUserView>> {
  const page = await findUsersPage(context.db, query.q || undefined, {
    limit: query.limit,
    cursor: decodeCursor(query.cursor),
  });
  return mapPage(page, presentAdminUser);
}

async function getUserRow(context: AppContext, userId: string): Promise<UserRow> {
  const user = await findUserById(context.db, userId);
  if (!user) throw notFound(ADMIN_MESSAGES.userNotFound);
  return user;
}

/**
 * Suspends a user inside the caller's transaction and logs it. Their very next write is refused (the session
 * plugin reads the user on every request); the session's read access stays. Superusers cannot be suspended.
 */
export async function suspendUserInTransaction(
  tx: Executor,
  admin: { id: string; now: Date },
  userId: string,
  suspension: { reason: string | null; suspendUntil: Date | null },
  logDetails: Record<string, unknown> = {},
): Promise<UserRow> {
  const target = await findUserById(tx, userId);
  if (!target) throw notFound(ADMIN_MESSAGES.userNotFound);
  if (target.isSuperuser) throw forbidden(ADMIN_MESSAGES.superuserCannotBeSuspended, "SUPERUSER_PROTECTED");
  const updated = await updateSuspension(tx, userId, {
    isSuspended: true,
    suspendedUntil: suspension.suspendUntil,
    suspensionReason: suspension.reason,
    now: admin.now,
  });
  if (!updated) throw notFound(ADMIN_MESSAGES.userNotFound);
  await insertAdminLog(tx, {
    action: "suspend_user",
    targetType: "user",
    targetId: userId,
    adminUserId: admin.id,
    details: {
      reason: suspension.reason,
      suspendUntil: suspension.suspendUntil?.toISOString() ?? null,
      username: target.username,
      ...logDetails,
    },
    createdAt: admin.now,
  });
  return updated;
}

async function suspendUserRow(context: AppContext, adminId: string, userId: string, body: SuspendUserBody) {
  const now = context.clock.now();
  const suspendUntil = body.suspendUntil ? new Date(body.suspendUntil) : null;
  if (suspendUntil && suspendUntil <= now) throw badRequest(ADMIN_MESSAGES.suspendUntilInPast, "suspendUntil");
  return context.db.transaction((tx) =>
    suspendUserInTransaction(tx, { id: adminId, now }, userId, { reason: body.reason || null, suspendUntil }),
  );
}

/** Sets or clears the verified badge of an account, logged in the admin log (superusers only, at the route). */
async function setVerifiedRow(context: AppContext, adminId: string, userId: string, isVerified: boolean) {
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    const target = await findUserById(tx, userId);
    if (!target) throw notFound(ADMIN_MESSAGES.userNotFound);
    const updated = await updateVerified(tx, userId, isVerified, now);
    if (!updated) throw notFound(ADMIN_MESSAGES.userNotFound);
    await insertAdminLog(tx, {
      action: isVerified ? "verify_user" : "unverify_user",
      targetType: "user",
      targetId: userId,
      adminUserId: adminId,
      details: { username: target.username, wasVerified: target.isVerified },
      createdAt: now,
    });
    return updated;
  });
}

async function unsuspendUserRow(context: AppContext, adminId: string, userId: string) {
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    const target = await findUserById(tx, userId);
    if (!target) throw notFound(ADMIN_MESSAGES.userNotFound);
    const updated = await updateSuspension(tx, userId, {
      isSuspended: false,
      suspendedUntil: null,
      suspensionReason: null,
      now,
    });
    if (!updated) throw notFound(ADMIN_MESSAGES.userNotFound);
    await insertAdminLog(tx, {
      action: "unsuspend_user",
      targetType: "user",
      targetId: userId,
      adminUserId: adminId,
      details: { username: target.username, previousReason: target.suspensionReason },
      createdAt: now,
    });
    return updated;
  });
}

/**
 * Marks a user for deletion with the same 7-day grace period as their own request (the purge job erases them
 * afterwards) and ends all their sessions. Superusers cannot be deleted. The account is also suspended, so its owner
 * cannot sign in again and cancel the deletion; an admin who unsuspends it gives that choice back.
 * A deletion the user asked for themselves is taken over (its earlier end date kept, its sessions ended); 409 only
 * when an administrator's deletion is already in place.
 */
/** Deleted and suspended without an end: the owner can no longer cancel, as after an administrator's deletion. */
function isDeletedByAdministrator(user: UserRow): boolean {
  return user.isDeleted && user.isSuspended && user.suspendedUntil === null;
}

async function deleteUserRow(context: AppContext, adminId: string, userId: string) {
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    const target = await findUserById(tx, userId);
    if (!target) throw notFound(ADMIN_MESSAGES.userNotFound);
    if (target.isSuperuser) throw forbidden(ADMIN_MESSAGES.superuserCannotBeDeleted, "SUPERUSER_PROTECTED");
    if (isDeletedByAdministrator(target)) throw conflict(ADMIN_MESSAGES.alreadyDeleted, "ALREADY_DELETED");
    const graceEnd = new Date(now.getTime() + DELETION_GRACE_MS);
    const updated = await markUserForDeletion(tx, userId, graceEnd, now, ADMIN_MESSAGES.deletedByAdmin);
    if (!updated) throw notFound(ADMIN_MESSAGES.userNotFound);
    await deleteSessionsOfUser(tx, userId);
    await insertAdminLog(tx, {
      action: "delete_user",
      targetType: "user",
      targetId: userId,
      adminUserId: adminId,
      details: {
        username: target.username,
        deletionGracePeriodEnd: updated.deletionGracePeriodEnd?.toISOString() ?? null,
        ...(target.isDeleted ? { replacedSelfDeletion: true } : {}),
      },
      createdAt: now,
    });
    return updated;
  });
}

export async function listPosts(context: AppContext, query: PageQuery): Promise<Page<AdminPostView>> {
  const page = await findPostsPage(context.db, { limit: query.limit, cursor: decodeCursor(query.cursor) });
  return mapPage(page, presentAdminPost);
}

/** Deletes a post inside the caller's transaction, keeps the author's postsCount right and logs it. */
export async function deletePostInTransaction(
  tx: Executor,
  admin: { id: string; now: Date },
  postId: string,
  logDetails: Record<string, unknown> = {},
) {
  // The posts module's own removal (row, counters), without the author-only rules: moderation may remove a
  // post people paid for (the ledger keeps the money, its reference to the post is cleared).
  const deleted = await removePost(tx, postId);
  if (!deleted) throw notFound(ADMIN_MESSAGES.postNotFound);
  await insertAdminLog(tx, {
    action: "delete_post",
    targetType: "post",
    targetId: postId,
    adminUserId: admin.id,
    details: {
      authorId: deleted.authorId,
      title: deleted.title,
      excerpt: deleted.content.slice(0, 120),
      ...logDetails,
    },
    createdAt: admin.now,
  });
  return deleted;
}

export function deletePost(context: AppContext, adminId: string, postId: string) {
  const now = context.clock.now();
  return context.db.transaction((tx) => deletePostInTransaction(tx, { id: adminId, now }, postId));
}

export async function listLogs(context: AppContext, query: PageQuery): Promise<Page<AdminLogView>> {
  const page = await findLogsPage(context.db, { limit: query.limit, cursor: decodeCursor(query.cursor) });
  return mapPage(page, presentAdminLog);
}

export async function getLocationStats(context: AppContext): Promise<LocationStatsView> {
  const [cities, countries, places, postPlaces] = [
    await countUsersByCity(context.db),
    await countUsersByCountry(context.db),
    await countUsersByPlace(context.db),
    await countPostsByPlace(context.db),
  ];
  // Each chart names its groups with its documented field (`city`, `country`, `location`).
  const named = <Key extends string>(key: Key, groups: LocationGroupView[]) =>
    groups.map(({ label, count, isMerged }) => ({ [key]: label, count, isMerged }) as Record<Key, string> & RowFields);
  return {
    topCities: named("city", toLocationGroups(cities)),
    topCountries: named("country", toLocationGroups(countries)),
    usersByLocation: named("location", toLocationGroups(places)),
    postsByLocation: named("location", await postsByPlaceWithExactOther(context, postPlaces)),
  };
}

type RowFields = Omit<LocationGroupView, "label">;

/**
 * One author can post from several small places, so the merged bar's people are counted again without double
 * counting; its post count is hidden unless at least 5 different people are behind it.
 */
async function postsByPlaceWithExactOther(
  context: AppContext,
  rows: Awaited<ReturnType<typeof countPostsByPlace>>,
): Promise<LocationGroupView[]> {
  const groups = toLocationGroups(rows);
  const other = groups.find((group) => group.isMerged);
  if (!other || other.count === null) return groups;
  const shown = new Set(groups.filter((group) => !group.isMerged).map((group) => group.label));
  const shownPlaces = rows.filter((row) => shown.has(row.label));
  const people = await countPostAuthorsOutside(context.db, shownPlaces);
  return people >= LOCATION_ANALYTICS_MIN_GROUP
    ? groups
    : groups.map((group) => (group.isMerged ? { ...group, count: null } : group));
}

export async function getSystemStatus(context: AppContext): Promise<SystemView> {
  const now = context.clock.now();
  const agreement = await findActiveAgreement(context.db);
  const backlog = await countJobBacklog(context.db, now);
  const backlogByJob: Record<string, number> = {
    pruning: backlog.expiredSessions,
    "purge-deleted-accounts": backlog.accountsToPurge,
  };
  const jobs = JOB_KINDS.map((job) => ({
    name: job.name,
    intervalMs: job.every?.inProcessMs ?? 0,
    isEnabled: context.env.JOBS,
    backlog: backlogByJob[job.name] ?? 0,
  }));
  if (!jobs.some((job) => job.name === "purge-deleted-accounts")) {
    // Accounts past their grace period are reported even if no purge job is registered.
    jobs.push({ name: "purge-deleted-accounts", intervalMs: 0, isEnabled: false, backlog: backlog.accountsToPurge });
  }
  return {
    activeAgreement: agreement
      ? {
          id: agreement.id,
          title: agreement.title,
          version: agreement.version,
          content: agreement.content,
          createdAt: agreement.createdAt.toISOString(),
        }
      : null,
    databaseSizeBytes: await databaseSizeBytes(context.db),
    databaseKind: context.database.kind,
    tableCounts: await countMainTables(context.db),
    jobs,
  };
}

/** Publishes a new agreement version: the old one stops being active and the new one starts, atomically. */
async function publishAgreementRow(context: AppContext, adminId: string, body: PublishAgreementBody) {
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    if (await findAgreementByVersion(tx, body.version)) throw conflict(ADMIN_MESSAGES.versionTaken, "VERSION_TAKEN");
    const previous = await findActiveAgreement(tx);
    const agreement = await insertActiveAgreement(tx, { ...body, now });
    await insertAdminLog(tx, {
      action: "publish_agreement",
      targetType: "agreement",
      targetId: agreement.id,
      adminUserId: adminId,
      details: { version: agreement.version, title: agreement.title, previousVersion: previous?.version ?? null },
      createdAt: now,
    });
    return agreement;
  });
}

/** The job queue as the Jobs tab shows it (the in-process runner's own state on the embedded database). */
export async function listJobs(context: AppContext): Promise<JobsView> {
  return context.jobs.overview();
}

/** The retry button: a failed job runs again (logged as an admin action). */
export async function retryJob(context: AppContext, adminId: string, queue: string, id: string): Promise<void> {
  const outcome = await context.jobs.retry(queue, id);
  if (outcome === "not-found") throw notFound(ADMIN_MESSAGES.jobNotFound);
  if (outcome === "not-failed") throw conflict(ADMIN_MESSAGES.jobNotFailed, "JOB_NOT_FAILED");
  await insertAdminLog(context.db, {
    action: "retry_job",
    targetType: "job",
    targetId: id,
    adminUserId: adminId,
    details: { queue },
    createdAt: context.clock.now(),
  });
}

/*
 * What the admin routes answer: each action above presented as the view the API sends (the admin's view of the
 * user, the published agreement).
 */
export async function getUser(context: AppContext, userId: string): Promise<AdminUserView> {
  return presentAdminUser(await getUserRow(context, userId));
}

export async function suspendUser(
  context: AppContext,
  adminId: string,
  userId: string,
  body: SuspendUserBody,
): Promise<AdminUserView> {
  return presentAdminUser(await suspendUserRow(context, adminId, userId, body));
}

export async function unsuspendUser(context: AppContext, adminId: string, userId: string): Promise<AdminUserView> {
  return presentAdminUser(await unsuspendUserRow(context, adminId, userId));
}

export async function setVerified(
  context: AppContext,
  adminId: string,
  userId: string,
  isVerified: boolean,
): Promise<AdminUserView> {
  return presentAdminUser(await setVerifiedRow(context, adminId, userId, isVerified));
}

export async function deleteUser(context: AppContext, adminId: string, userId: string): Promise<AdminUserView> {
  return presentAdminUser(await deleteUserRow(context, adminId, userId));
}

export async function publishAgreement(
  context: AppContext,
  adminId: string,
  body: PublishAgreementBody,
): Promise<AgreementView> {
  const agreement = await publishAgreementRow(context, adminId, body);
  return {
    id: agreement.id,
    title: agreement.title,
    version: agreement.version,
    content: agreement.content,
    createdAt: agreement.createdAt.toISOString(),
  };
}
