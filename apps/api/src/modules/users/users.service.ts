import { randomBytes } from "node:crypto";
import { DELETION_GRACE_MS } from "@plaza/contracts/constants";
import { ERROR_MESSAGES } from "@plaza/contracts/errors";
import type { SocialLinks } from "@plaza/contracts/social-links";
import type {
  DeletionView,
  PreferencesBody,
  ProfileUpdateBody,
  ProfileView,
  SuggestedUserView,
  UserSummaryView,
} from "@plaza/contracts/users";
import { SUGGESTED_BUSINESS_RADIUS_METERS, USERS_MESSAGES } from "@plaza/contracts/users";
import type { AppContext } from "../../app-context";
import type { UserRow } from "../../db/schema/users";
import { conflict, forbidden, notFound } from "../../lib/app-error";
import { resolveOwnUpload } from "../uploads/uploads.service";
import { onlineAmong, presentPresence } from "./presence";
import { findLastKnownPosition, findNearbyBusinessOwners, findSuggestedUsers } from "./suggestions.repository";
import { findUserSummary } from "./user-summary.repository";
import { collectAccountData } from "./users.export";
import { canSeeProfile, canViewProfileContent, isOwnerOrSuperuser } from "./users.policy";
import { presentPublicUser, presentSuggestedUser, presentUserSummary } from "./users.presenter";
import {
  anonymiseUser,
  clearScheduledDeletion,
  deleteAccountContent,
  deleteOtherSessions,
  deleteUserRow,
  findAccountsDueForPurge,
  findExistingUserIds,
  findUserById,
  hasLedgerAccount,
  isUsernameTakenByOther,
  lockUser,
  markScheduledForDeletion,
  mergePreferences,
  releaseCounters,
  searchUsers,
  updateUser,
} from "./users.repository";
import type { SessionUser } from "./viewer";

/**
 * The user behind a profile address, as the viewer may see it: 404 when unknown, deleted or blocked either way
 * (except for the owner and superusers). When the content is not visible (private or custom accounts), the
 * answer is a restricted view: identity and counts, no social links or location.
 */
export async function getProfile(
  context: AppContext,
  viewer: SessionUser | null,
  userId: string,
): Promise<ProfileView> {
  const user = await findUserById(context.db, userId);
  if (!user || !(await canSeeProfile(context.db, viewer, user))) throw notFound(USERS_MESSAGES.userNotFound);
  const canViewContent = await canViewProfileContent(context.db, viewer, user);
  const isOwner = viewer?.id === user.id;
  const view = presentPublicUser(user);
  // To everyone else a business account speaks as its business: its name and logo, not its owner's (the owner
  // sees their own names, which the settings form edits).
  const speaksAs = !isOwner && user.profileType === "business" ? await findUserSummary(context.db, user.id) : undefined;
  const persona = speaksAs ? presentUserSummary(speaksAs) : {};
  // locationPrivacy binds others only: the owner and superusers see the whole location.
  const fullLocation = isOwnerOrSuperuser(viewer, user)
    ? { city: user.city, state: user.state, country: user.country, countryCode: user.countryCode }
    : {};
  const restricted = canViewContent
    ? {}
    : { socialLinks: {}, city: null, state: null, country: null, countryCode: null };
  return {
    ...view,
    ...persona,
    ...fullLocation,
    ...restricted,
    abilities: { canViewContent, canFollow: !isOwner, canBlock: viewer !== null && !isOwner, canEdit: isOwner },
    ...presentPresence(viewer?.id ?? null, user, (await onlineAmong(context, [user.id])).has(user.id)),
  };
}

/**
 * Loads a profile owner for a list of theirs (followers, following): 404 when the viewer may not see the profile,
 * 403 when its content is private to them.
 */
export async function requireVisibleProfileContent(
  context: AppContext,
  viewer: SessionUser | null,
  userId: string,
): Promise<UserRow> {
  const user = await findUserById(context.db, userId);
  if (!user || !(await canSeeProfile(context.db, viewer, user))) throw notFound(USERS_MESSAGES.userNotFound);
  if (!(await canViewProfileContent(context.db, viewer, user))) {
    throw forbidden(USERS_MESSAGES.privateAccount, "PRIVATE_ACCOUNT");
  }
  return user;
}

const emptyToNull = (value: string) => (value === "" ? null : value);

/**
 * Saves the settings profile form. Only the form's fields are written: isSuperuser, isVerified and email are
 * never taken from the body. 409 when another account has the username; custom visible users are limited to
 * existing accounts other than the owner.
 */
export async function updateProfile(
  context: AppContext,
  viewer: SessionUser,
  body: ProfileUpdateBody,
): Promise<UserRow> {
  // A partial update: only the fields sent change (docs/PRODUCT.md "Closing the outside review").
  if (body.username !== undefined && (await isUsernameTakenByOther(context.db, body.username, viewer.id))) {
    throw conflict(ERROR_MESSAGES.usernameTaken, "USERNAME_TAKEN");
  }
  let customVisibleUsers: string[] | undefined;
  if (body.customVisibleUsers !== undefined) {
    const requested = [...new Set(body.customVisibleUsers)].filter((id) => id !== viewer.id);
    const existing = await findExistingUserIds(context.db, requested);
    customVisibleUsers = requested.filter((id) => existing.includes(id));
  }
  const changes = {
    firstName: body.firstName,
    lastName: body.lastName,
    username: body.username,
    bio: body.bio === undefined ? undefined : emptyToNull(body.bio.trim()),
    accountVisibility: body.accountVisibility,
    customVisibleUsers,
    city: body.city === undefined ? undefined : emptyToNull(body.city),
    state: body.state === undefined ? undefined : emptyToNull(body.state),
    country: body.country === undefined ? undefined : emptyToNull(body.country),
    countryCode: body.countryCode === undefined ? undefined : emptyToNull(body.countryCode.toUpperCase()),
    locationPrivacy: body.locationPrivacy,
    allowLocationTracking: body.allowLocationTracking,
  };
  const updated = await updateUser(context.db, viewer.id, {
    ...Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)),
    updatedAt: context.clock.now(),
  });
  if (!updated) throw notFound(USERS_MESSAGES.userNotFound);
  return updated;
}

/** Merges the given switches into the stored preferences. */
export async function updatePreferences(
  context: AppContext,
  viewer: SessionUser,
  body: PreferencesBody,
): Promise<UserRow> {
  const changes = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
  const updated = await mergePreferences(context.db, viewer.id, changes, context.clock.now());
  if (!updated) throw notFound(USERS_MESSAGES.userNotFound);
  return updated;
}

/** Replaces the owner's social links (the body is already cleaned by socialLinksBody); 403 for anyone else. */
export async function updateSocialLinks(
  context: AppContext,
  viewer: SessionUser,
  userId: string,
  socialLinks: SocialLinks,
): Promise<UserRow> {
  if (viewer.id !== userId) throw forbidden(USERS_MESSAGES.notYourProfile, "NOT_OWNER");
  const updated = await updateUser(context.db, viewer.id, { socialLinks, updatedAt: context.clock.now() });
  if (!updated) throw notFound(USERS_MESSAGES.userNotFound);
  return updated;
}

/** Sets the profile photo; only addresses of the viewer's own checked uploads are accepted (docs/PRODUCT.md "Uploads"). */
export async function updateProfilePhoto(context: AppContext, viewer: SessionUser, url: string): Promise<UserRow> {
  const profileImageUrl = await resolveOwnUpload(context, url, viewer.id);
  const updated = await updateUser(context.db, viewer.id, { profileImageUrl, updatedAt: context.clock.now() });
  if (!updated) throw notFound(USERS_MESSAGES.userNotFound);
  return updated;
}

export async function findPeople(
  context: AppContext,
  viewer: SessionUser,
  text: string,
  limit: number,
): Promise<UserSummaryView[]> {
  return (await searchUsers(context.db, viewer.id, text, limit)).map(presentUserSummary);
}

/**
 * Accounts to follow for the viewer (a new account's empty home): popular locals first, then popular anywhere,
 * and businesses near the viewer (by last known position, else city) for up to half of the list.
 */
export async function suggestPeople(
  context: AppContext,
  viewer: SessionUser,
  limit: number,
): Promise<SuggestedUserView[]> {
  const position = await findLastKnownPosition(context.db, viewer);
  const nearbyBusinesses = await findNearbyBusinessOwners(
    context.db,
    viewer,
    position,
    SUGGESTED_BUSINESS_RADIUS_METERS,
    Math.floor(limit / 2),
  );
  const people = await findSuggestedUsers(
    context.db,
    viewer,
    limit - nearbyBusinesses.length,
    nearbyBusinesses.map((row) => row.id),
  );
  return [
    ...people.map((person) => ({ ...person, business: null, distanceMeters: null })),
    ...nearbyBusinesses.map((row) => ({ ...row, isNearby: true })),
  ].map(presentSuggestedUser);
}

/**
 * Schedules the account's deletion DELETION_GRACE_MS from now (docs/PRODUCT.md §4). Other sessions end; the current
 * one stays so the user can cancel. Asking again keeps the first date.
 */
export async function scheduleDeletion(
  context: AppContext,
  viewer: SessionUser,
  currentSessionId: string | null,
): Promise<DeletionView> {
  return context.db.transaction(async (tx) => {
    const end = new Date(context.clock.now().getTime() + DELETION_GRACE_MS);
    const row = await markScheduledForDeletion(tx, viewer.id, end);
    if (!row) throw notFound(USERS_MESSAGES.userNotFound);
    await deleteOtherSessions(tx, viewer.id, currentSessionId);
    return { isDeleted: true, deletionGracePeriodEnd: row.deletionGracePeriodEnd?.toISOString() ?? null };
  });
}

/** Undoes a scheduled deletion while the grace period lasts; 409 when none is scheduled. */
export async function cancelDeletion(context: AppContext, viewer: SessionUser): Promise<DeletionView> {
  if (!(await clearScheduledDeletion(context.db, viewer.id, context.clock.now()))) {
    throw conflict(USERS_MESSAGES.deletionNotScheduled, "DELETION_NOT_SCHEDULED");
  }
  return { isDeleted: false, deletionGracePeriodEnd: null };
}

export async function exportAccountData(context: AppContext, viewer: SessionUser) {
  return collectAccountData(context.db, viewer);
}

/**
 * Erases one account whose grace period has ended. The row is deleted (everything personal cascades); when the
 * money ledger still references it (ledger rows are never deleted), the account is anonymised instead: personal
 * fields scrubbed, content and relationships deleted, sessions ended, and deletionGracePeriodEnd cleared so it
 * is not picked again. Re-checks the state under a row lock, so a cancel that won the race is respected.
 */
export async function purgeAccount(context: AppContext, userId: string): Promise<"deleted" | "anonymised" | "skipped"> {
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (!user?.isDeleted || !user.deletionGracePeriodEnd || user.deletionGracePeriodEnd > now) return "skipped";
    await releaseCounters(tx, userId);
    if (!(await hasLedgerAccount(tx, userId))) {
      await deleteUserRow(tx, userId);
      return "deleted";
    }
    await deleteAccountContent(tx, userId);
    await anonymiseUser(tx, userId, `!${randomBytes(32).toString("hex")}`, now);
    return "anonymised";
  });
}

/**
 * The purge job: erases every account whose grace period has ended. Works only from what the database says,
 * so it is idempotent and catches up after a restart.
 */
export async function purgeDeletedAccounts(context: AppContext): Promise<{ deleted: number; anonymised: number }> {
  const result = { deleted: 0, anonymised: 0 };
  const seen = new Set<string>();
  for (;;) {
    const due = (await findAccountsDueForPurge(context.db, context.clock.now(), 50)).filter((id) => !seen.has(id));
    if (due.length === 0) return result;
    for (const userId of due) {
      seen.add(userId);
      const outcome = await purgeAccount(context, userId);
      if (outcome !== "skipped") result[outcome] += 1;
    }
  }
}
