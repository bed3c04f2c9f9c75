// Texts, constants and pure rules of users: no zod, so the web app's first screen can import them without
// evaluating schemas. The schemas are in ./users.ts, which re-exports all of this.

import type { Locale } from "./i18n.texts";

export const PROFILE_TYPES = ["personal", "creator", "business"] as const;
export type ProfileType = (typeof PROFILE_TYPES)[number];
export const PROFILE_TYPE_LABELS: Record<ProfileType, string> = {
  personal: "Personal",
  creator: "Creator",
  business: "Business",
};

export const ACCOUNT_VISIBILITIES = ["public", "private", "custom"] as const;

export const LOCATION_PRIVACIES = ["public", "city", "country", "hidden"] as const;

export const MESSAGE_PRIVACIES = ["all", "friends", "none"] as const;
export type MessagePrivacy = (typeof MESSAGE_PRIVACIES)[number];

/** A user's preferences (`preferences` in ./users.ts parses to exactly this; a test keeps them equal). */
export interface Preferences {
  emailNotifications: boolean;
  pushNotifications: boolean;
  marketingEmails: boolean;
  showOnlineStatus: boolean;
  allowDirectMessages: boolean;
  messagePrivacy: MessagePrivacy;
  showRecentActivity: boolean;
  showReadReceipts: boolean;
  /** The language Plaza speaks to this account (screens, errors, mails); null: the browser's, else the town's. */
  locale: Locale | null;
}
/**
 * The same defaults as a plain object (a test keeps it equal to `preferences.parse({})`): parsing here, at import,
 * would put zod's first parse on every page's start-up in the browser.
 */
export const DEFAULT_PREFERENCES: Preferences = {
  emailNotifications: true,
  pushNotifications: true,
  marketingEmails: false,
  showOnlineStatus: true,
  allowDirectMessages: true,
  messagePrivacy: "all",
  showRecentActivity: true,
  showReadReceipts: true,
  locale: null,
};

export const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/;

/**
 * How an account that blocked the viewer appears in what the viewer kept from before the block (conversation list,
 * old notifications): this name in place of its names and username, and no photo (as Instagram shows "Instagram
 * User").
 */
export const HIDDEN_USER_NAME = "Plaza user";
/** Nearby businesses are looked for within this distance of the viewer's last known position. */
export const SUGGESTED_BUSINESS_RADIUS_METERS = 50_000;

/** Display name rule of docs/PRODUCT.md §2: first and last name, else username. */
export function displayName(user: { firstName?: string | null; lastName?: string | null; username: string }): string {
  const full = [user.firstName, user.lastName].filter(Boolean).join(" ").trim();
  return full || user.username;
}

export const USERS_MESSAGES = {
  cannotBlockYourself: "You cannot block yourself",
  notYourProfile: "You can only change your own profile",
  privateAccount: "This account is private",
  notYourBlockList: "You can only see your own blocked users",
  userNotFound: "User not found",
  notBlocked: "This user is not blocked",
  deletionNotScheduled: "Account deletion is not scheduled",
  deletionAlreadyScheduled: "Account deletion is already scheduled",
} as const;

/** How presence reads: "Online now", "Active 5 min ago"; null when hidden or never seen. */
export function presenceLabel(
  presence: { isOnline: boolean | null; lastActiveAt: string | null },
  now: number = Date.now(),
): string | null {
  if (presence.isOnline) return "Online now";
  if (!presence.lastActiveAt) return null;
  const minutes = Math.max(0, Math.floor((now - new Date(presence.lastActiveAt).getTime()) / 60_000));
  if (minutes < 1) return "Active just now";
  if (minutes < 60) return `Active ${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `Active ${hours} h ago`;
  const days = Math.floor(hours / 24);
  return days < 7 ? `Active ${days} d ago` : null;
}

/** Someone is new here (welcomed, offered people to follow) until they follow this many, or for this many days. */
export const NEWCOMER_FOLLOWS = 5;
export const NEWCOMER_DAYS = 7;

/** The newcomer state of docs/PRODUCT.md "Onboarding": fewer than NEWCOMER_FOLLOWS follows and under a week old. */
export function isNewcomer(user: { followingCount: number; createdAt: string }, now: number = Date.now()): boolean {
  const ageMs = now - new Date(user.createdAt).getTime();
  return user.followingCount < NEWCOMER_FOLLOWS && ageMs < NEWCOMER_DAYS * 24 * 60 * 60 * 1000;
}
