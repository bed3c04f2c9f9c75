import { z } from "zod";
import {
  BIO_MAX_LENGTH,
  COUNTRY_CODE_LENGTH,
  CUSTOM_VISIBLE_USERS_MAX,
  NAME_MAX_LENGTH,
  PLACE_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from "./constants";
import { LOCALES } from "./i18n.texts";
import { ACCOUNT_STATUSES } from "./instance.texts";
import { nameText } from "./text";
import {
  ACCOUNT_VISIBILITIES,
  LOCATION_PRIVACIES,
  MESSAGE_PRIVACIES,
  PROFILE_TYPES,
  USERNAME_PATTERN,
} from "./users.texts";

export * from "./users.texts";

export const profileType = z.enum(PROFILE_TYPES);
export const accountVisibility = z.enum(ACCOUNT_VISIBILITIES);
export type AccountVisibility = z.infer<typeof accountVisibility>;
export const locationPrivacy = z.enum(LOCATION_PRIVACIES);
export type LocationPrivacy = z.infer<typeof locationPrivacy>;
export const messagePrivacy = z.enum(MESSAGE_PRIVACIES);

/** Preferences with the defaults of docs/PRODUCT.md §5 "Preferences". */
export const preferences = z.object({
  emailNotifications: z.boolean().default(true),
  pushNotifications: z.boolean().default(true),
  marketingEmails: z.boolean().default(false),
  showOnlineStatus: z.boolean().default(true),
  allowDirectMessages: z.boolean().default(true),
  messagePrivacy: messagePrivacy.default("all"),
  showRecentActivity: z.boolean().default(true),
  /** "Seen" under messages; off for either participant hides it for both (docs/PRODUCT.md "Messages and business pages"). */
  showReadReceipts: z.boolean().default(true),
  locale: z.enum(LOCALES).nullable().default(null),
});
export const username = z
  .string()
  .trim()
  .min(USERNAME_MIN_LENGTH, "Username must be at least 3 characters")
  .max(USERNAME_MAX_LENGTH, "Username must be at most 30 characters")
  .regex(USERNAME_PATTERN, "Username can only contain letters, numbers, and underscores");

export const firstName = nameText("First name")
  .trim()
  .min(1, "First name is required")
  .max(NAME_MAX_LENGTH, "First name must be at most 50 characters");
export const lastName = nameText("Last name")
  .trim()
  .min(1, "Last name is required")
  .max(NAME_MAX_LENGTH, "Last name must be at most 50 characters");

const place = (label: string) => z.string().trim().max(PLACE_MAX_LENGTH, `${label} must be at most 100 characters`);

/** The settings profile form (docs/PRODUCT.md §5 "Profile"); PATCH /api/users/profile. */
export const profileFormBody = z.object({
  firstName,
  lastName,
  username,
  bio: z.string().max(BIO_MAX_LENGTH, "Bio must be less than 500 characters").default(""),
  accountVisibility: accountVisibility.default("public"),
  customVisibleUsers: z
    .array(z.uuid("Invalid user id"))
    .max(CUSTOM_VISIBLE_USERS_MAX, "Maximum 10 users allowed")
    .default([]),
  city: place("City").default(""),
  state: place("State").default(""),
  country: place("Country").default(""),
  countryCode: z
    .string()
    .trim()
    .length(COUNTRY_CODE_LENGTH, "Country code must be exactly 2 characters")
    .or(z.literal(""))
    .default(""),
  locationPrivacy: locationPrivacy.default("city"),
  allowLocationTracking: z.boolean().default(false),
});
export type ProfileFormBody = z.infer<typeof profileFormBody>;

/**
 * PATCH /api/users/profile: a partial update with the form's rules and messages. Fields left out stay as they are
 * (no defaults here); a required one sent empty gets its own message ("First name is required").
 */
export const profileUpdateBody = z.object({
  firstName: profileFormBody.shape.firstName.optional(),
  lastName: profileFormBody.shape.lastName.optional(),
  username: profileFormBody.shape.username.optional(),
  bio: profileFormBody.shape.bio.unwrap().optional(),
  accountVisibility: profileFormBody.shape.accountVisibility.unwrap().optional(),
  customVisibleUsers: profileFormBody.shape.customVisibleUsers.unwrap().optional(),
  city: profileFormBody.shape.city.unwrap().optional(),
  state: profileFormBody.shape.state.unwrap().optional(),
  country: profileFormBody.shape.country.unwrap().optional(),
  countryCode: profileFormBody.shape.countryCode.unwrap().optional(),
  locationPrivacy: profileFormBody.shape.locationPrivacy.unwrap().optional(),
  allowLocationTracking: profileFormBody.shape.allowLocationTracking.unwrap().optional(),
});
export type ProfileUpdateBody = z.infer<typeof profileUpdateBody>;
export type ProfileFormInput = z.input<typeof profileFormBody>;

/** A user as others see it: no email, no preferences, location as locationPrivacy allows. */
export const publicUserView = z.object({
  id: z.uuid(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  bio: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  profileType,
  isVerified: z.boolean(),
  isSuperuser: z.boolean(),
  isSuspended: z.boolean(),
  isDeleted: z.boolean(),
  createdAt: z.string(),
  socialLinks: z.record(z.string(), z.string()),
  accountVisibility,
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  countryCode: z.string().nullable(),
  followersCount: z.number().int(),
  followingCount: z.number().int(),
  postsCount: z.number().int(),
});
export type PublicUserView = z.infer<typeof publicUserView>;

/** The signed-in user as they see themselves (GET /api/auth/user). */
export const selfUserView = publicUserView.extend({
  email: z.email(),
  /** The owner proved the address (docs/PRODUCT.md "Accounts for real people"). */
  emailVerified: z.boolean(),
  twoFactorEnabled: z.boolean(),
  deletionGracePeriodEnd: z.string().nullable(),
  customVisibleUsers: z.array(z.uuid()),
  locationPrivacy,
  allowLocationTracking: z.boolean(),
  preferences,
  suspensionReason: z.string().nullable(),
  suspendedUntil: z.string().nullable(),
  /** May work the moderation queue (superusers may too). */
  isModerator: z.boolean(),
  /** A moderator limited the account: its posts are shown only to its followers. */
  isLimited: z.boolean(),
  /** `pending` waits for an administrator's approval: reading works, posting, following and messaging do not. */
  status: z.enum(ACCOUNT_STATUSES),
});
export type SelfUserView = z.infer<typeof selfUserView>;

/** A person in a list (followers, search results, pickers). */
export const userSummaryView = z.object({
  id: z.uuid(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  profileType,
  isVerified: z.boolean(),
});
export type UserSummaryView = z.infer<typeof userSummaryView>;

/** One page of people: a JSON array; the next page's cursor travels in the X-Next-Cursor header. */
export const userSummaryPage = z.array(userSummaryView);

/** GET /api/users/suggested: people to follow for a new account (issue 17). */
export const suggestedUsersQuery = z.object({
  limit: z.coerce.number().int().min(1, "Limit must be at least 1").max(20, "Limit must be at most 20").default(6),
});
/** The business behind a suggested account, when it was suggested as a business near the viewer. */
export const suggestedBusinessView = z.object({
  id: z.uuid(),
  name: z.string(),
  category: z.string(),
  logoImageUrl: z.string().nullable(),
  /** Metres from the viewer's last known position; null when matched by the viewer's city. */
  distanceMeters: z.number().nullable(),
});
export const suggestedUserView = userSummaryView.extend({
  followersCount: z.number().int(),
  /** Whether they live in the viewer's city (the viewer gave one and it matches), or run a business near them. */
  isNearby: z.boolean(),
  /** Set for a nearby business (its owner's account is the one to follow); null for a person. */
  business: suggestedBusinessView.nullable(),
});
export type SuggestedUserView = z.infer<typeof suggestedUserView>;

export const userIdParams = z.object({ userId: z.uuid("Invalid user id") });

/** PATCH /api/users/preferences: any subset of the preference switches; missing keys keep their value. */
export const preferencesBody = z.strictObject({
  emailNotifications: z.boolean().optional(),
  pushNotifications: z.boolean().optional(),
  marketingEmails: z.boolean().optional(),
  showOnlineStatus: z.boolean().optional(),
  allowDirectMessages: z.boolean().optional(),
  messagePrivacy: messagePrivacy.optional(),
  showRecentActivity: z.boolean().optional(),
  showReadReceipts: z.boolean().optional(),
  /** The account's language; null goes back to the browser's (else the town's). */
  locale: z.enum(LOCALES, "Choose a language").nullable().optional(),
});
export type PreferencesBody = z.infer<typeof preferencesBody>;

/** What the viewer may do on a profile; the server decides, the screen only reads it. */
export const profileAbilities = z.object({
  /** Posts, photos, followers and following lists (accountVisibility, docs/PRODUCT.md "Privacy"). */
  canViewContent: z.boolean(),
  canFollow: z.boolean(),
  canBlock: z.boolean(),
  canEdit: z.boolean(),
});
export type ProfileAbilities = z.infer<typeof profileAbilities>;

/** GET /api/users/{userId}: the public user plus what the viewer may do. */
/**
 * Presence of someone else (docs/PRODUCT.md "Notifications"): whether they have the app open now and
 * when they last had it open. Both null when they turned `showOnlineStatus` off (they always see their own).
 */
export const presenceFields = {
  isOnline: z.boolean().nullable(),
  lastActiveAt: z.string().nullable(),
};

export const profileView = publicUserView.extend({ abilities: profileAbilities, ...presenceFields });
export type ProfileView = z.infer<typeof profileView>;

/** GET /api/users/search?q= (the custom-visibility people picker). */
export const userSearchQuery = z.object({
  q: z.string().trim().min(1, "Search text is required").max(100, "Search text is too long"),
  limit: z.coerce.number().int().min(1).max(20).default(10),
});

/** POST /api/users/delete and /cancel-deletion answer with the scheduled end (or null after a cancel). */
export const deletionView = z.object({
  isDeleted: z.boolean(),
  deletionGracePeriodEnd: z.string().nullable(),
});
export type DeletionView = z.infer<typeof deletionView>;

/** PUT /api/profile/photo: the address of an image uploaded through /api/objects/upload. */
export const profilePhotoBody = z.object({
  profileImageUrl: z.string().trim().min(1, "A photo address is required").max(2000, "Photo address is too long"),
});
export type ProfilePhotoBody = z.infer<typeof profilePhotoBody>;

const exportedRows = z.array(z.record(z.string(), z.unknown()));

/** GET /api/users/export: a JSON file of everything Plaza keeps about the person (other people by id only). */
export const accountExportView = z
  .object({
    format: z.literal("plaza-account-export"),
    version: z.literal(1),
    account: selfUserView,
    posts: exportedRows,
    comments: exportedRows,
    likes: exportedRows,
    following: exportedRows,
    followers: exportedRows,
    blocks: exportedRows,
    sentMessages: exportedRows,
    receivedMessages: exportedRows,
    notifications: exportedRows,
    payments: exportedRows,
    /**
     * Card payments through the processor (Stripe), as payer and as payee, in every state (pending, failed,
     * succeeded, refunded): the ledger's `payments` has only those that went through. Never a client secret.
     */
    processorPayments: exportedRows,
    /** The person's connected payout account at the processor (id, status, times), null when they have none. */
    payoutAccount: z.record(z.string(), z.unknown()).nullable(),
    unlocks: exportedRows,
    subscriptions: exportedRows,
    checkins: exportedRows,
    reviews: exportedRows,
    reviewReplies: exportedRows,
    coupons: exportedRows,
    couponRedemptions: exportedRows,
    businesses: exportedRows,
    partnerships: exportedRows,
    reports: exportedRows,
    sessions: exportedRows,
    pushDevices: exportedRows,
    agreementAcceptances: exportedRows,
    /** Events the person hosts or was asked to co-host (`isCreator`, `isAccepted`), all of their fields. */
    events: exportedRows,
    /**
     * The person's answers to events (going, interested, waitlisted, not going), with each event's title and start,
     * their place in the waitlist (`waitlistPosition`, null unless waitlisted) and when they answered (`answeredAt`).
     */
    eventRsvps: exportedRows,
    /** Invitations to invite-only events the person received. */
    eventInvitations: exportedRows,
    /**
     * The person's event tickets, valid and voided, with each event's title and start, what was paid, refunds, and
     * when the ticket was admitted at the door (`admittedAt`). The code only while the ticket is valid (null once
     * voided), as the person's own ticket page shows it.
     */
    eventTickets: exportedRows,
  })
  .describe("A JSON file (Content-Disposition: attachment) of everything the account holds");
