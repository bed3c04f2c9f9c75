import {
  DEFAULT_PREFERENCES,
  displayName,
  HIDDEN_USER_NAME,
  type PublicUserView,
  type SelfUserView,
  type SuggestedUserView,
  type UserSummaryView,
} from "@plaza/contracts/users";
import type { UserRow } from "../../db/schema/users";
import type { UserSummaryRow } from "./user-summary.repository";

/** Location fields others may see under the user's locationPrivacy (docs/PRODUCT.md "Privacy"). */
function visibleLocation(user: UserRow) {
  switch (user.locationPrivacy) {
    case "public":
      return { city: user.city, state: user.state, country: user.country, countryCode: user.countryCode };
    case "city":
      return { city: user.city, state: null, country: user.country, countryCode: user.countryCode };
    case "country":
      return { city: null, state: null, country: user.country, countryCode: user.countryCode };
    case "hidden":
      return { city: null, state: null, country: null, countryCode: null };
  }
}

/** A user as another person sees them: no email, preferences or exact location beyond locationPrivacy. */
export function presentPublicUser(user: UserRow): PublicUserView {
  return {
    id: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    bio: user.bio,
    profileImageUrl: user.profileImageUrl,
    profileType: user.profileType,
    isVerified: user.isVerified,
    isSuperuser: user.isSuperuser,
    isSuspended: user.isSuspended,
    isDeleted: user.isDeleted,
    createdAt: user.createdAt.toISOString(),
    socialLinks: user.socialLinks,
    accountVisibility: user.accountVisibility,
    ...visibleLocation(user),
    followersCount: user.followersCount,
    followingCount: user.followingCount,
    postsCount: user.postsCount,
  };
}

/** The signed-in user as they see themselves. */
export function presentSelf(user: UserRow): SelfUserView {
  return {
    ...presentPublicUser(user),
    city: user.city,
    state: user.state,
    country: user.country,
    countryCode: user.countryCode,
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
    twoFactorEnabled: user.isTwoFactorEnabled,
    deletionGracePeriodEnd: user.deletionGracePeriodEnd?.toISOString() ?? null,
    customVisibleUsers: user.customVisibleUsers,
    locationPrivacy: user.locationPrivacy,
    allowLocationTracking: user.allowLocationTracking,
    // Stored preferences predate some switches (locale): the defaults fill them.
    preferences: { ...DEFAULT_PREFERENCES, ...user.preferences },
    suspensionReason: user.suspensionReason,
    suspendedUntil: user.suspendedUntil?.toISOString() ?? null,
    isModerator: user.isModerator || user.isSuperuser,
    isLimited: user.isLimited,
    status: user.registrationStatus,
  };
}

/** Someone who blocked the viewer, as the viewer still meets them (see HIDDEN_USER_NAME): no name, no photo. */
export function presentHiddenUserSummary(id: string): UserSummaryView {
  return {
    id,
    username: HIDDEN_USER_NAME,
    firstName: null,
    lastName: null,
    profileImageUrl: null,
    profileType: "personal",
    isVerified: false,
  };
}

/**
 * A person in a list. A business account speaks as its business wherever it appears (docs/PRODUCT.md
 * "Businesses"): the business's name as its name, the logo as its picture (or none, so the business's initials
 * show), never the owner's own name or photo.
 */
export function presentUserSummary(user: UserSummaryRow): UserSummaryView {
  const { speaksAs } = user;
  return {
    id: user.id,
    username: user.username,
    firstName: speaksAs ? speaksAs.name : user.firstName,
    lastName: speaksAs ? null : user.lastName,
    profileImageUrl: speaksAs ? speaksAs.logoUrl : user.profileImageUrl,
    profileType: user.profileType,
    isVerified: user.isVerified,
  };
}

/** The name others read of an account (in mails, push payloads, texts): its business's for a business account. */
export function shownName(user: Pick<UserSummaryRow, "username" | "firstName" | "lastName" | "speaksAs">): string {
  return user.speaksAs ? user.speaksAs.name : displayName(user);
}

/** A person suggested to follow: the summary, their follower count and whether they are local to the viewer. */
export function presentSuggestedUser(
  user: UserSummaryRow & {
    followersCount: number;
    isNearby: boolean;
    business: { id: string; name: string; category: string; logoImageUrl: string | null } | null;
    distanceMeters: number | null;
  },
): SuggestedUserView {
  return {
    ...presentUserSummary(user),
    followersCount: user.followersCount,
    isNearby: user.isNearby,
    business: user.business
      ? {
          id: user.business.id,
          name: user.business.name,
          category: user.business.category,
          logoImageUrl: user.business.logoImageUrl,
          distanceMeters: user.distanceMeters === null ? null : Math.round(user.distanceMeters),
        }
      : null,
  };
}
