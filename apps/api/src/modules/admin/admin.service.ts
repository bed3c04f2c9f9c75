import {
  ADMIN_MESSAGES,
  type AdminLogView,
  type AdminPostView,
  type AdminUserView,
  type SuspendUserBody,
} from "@plaza/contracts/admin";
import { DELETION_GRACE_MS } from "@plaza/contracts/constants";
import type { PageQuery } from "@plaza/contracts/pagination";
import type { AppContext } from "../../app-context";
import type { Executor } from "../../db/client";
import type { UserRow } from "../../db/schema/users";
import { badRequest, conflict, forbidden, notFound } from "../../lib/app-error";
import { decodeCursor, mapPage, type Page } from "../../lib/cursor";
import { removePost } from "../posts/posts.service";
import { presentAdminLog, presentAdminPost, presentAdminUser } from "./admin.presenter";
import {
  deleteSessionsOfUser,
  findLogsPage,
  findPostsPage,
  findUserById,
  findUsersPage,
  insertAdminLog,
  markUserForDeletion,
  updateSuspension,
  updateVerified,
} from "./admin.repository";

/**
 * Administration of people and content: the users (suspending, verifying, deleting), the posts, and the admin log of
 * those actions. The platform as a whole (stats, locations, system status, jobs, agreements) is in
 * admin-system.service.ts.
 */

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

/*
 * What the admin routes answer: each action above presented as the view the API sends (the admin's view of the
 * user).
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
