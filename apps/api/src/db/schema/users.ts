import type { Preferences } from "@plaza/contracts/users";
import { sql } from "drizzle-orm";
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

export const profileTypeEnum = pgEnum("profile_type", ["personal", "creator", "business"]);
export const accountVisibilityEnum = pgEnum("account_visibility", ["public", "private", "custom"]);
export const locationPrivacyEnum = pgEnum("location_privacy", ["public", "city", "country", "hidden"]);

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    username: text("username").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    bio: text("bio"),
    profileImageUrl: text("profile_image_url"),
    profileType: profileTypeEnum("profile_type").notNull().default("personal"),
    isVerified: boolean("is_verified").notNull().default(false),
    isSuperuser: boolean("is_superuser").notNull().default(false),
    /** Works the moderation queue (reports, actions, appeals); superusers may too. Set by a superuser. */
    isModerator: boolean("is_moderator").notNull().default(false),
    /** A moderator limited the account: its posts are shown only to its followers (users.policy). */
    isLimited: boolean("is_limited").notNull().default(false),
    /** When the owner proved the address (a verification, reset or email-change link); null until then. */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    /** Sign-in asks for an authenticator code (the secret lives in two_factor_secrets). */
    isTwoFactorEnabled: boolean("is_two_factor_enabled").notNull().default(false),
    /** `pending` waits for an administrator's approval (sign-up mode approval); `rejected` was refused. */
    registrationStatus: text("registration_status", { enum: ["active", "pending", "rejected"] })
      .notNull()
      .default("active"),
    isSuspended: boolean("is_suspended").notNull().default(false),
    suspendedUntil: timestamp("suspended_until", { withTimezone: true }),
    suspensionReason: text("suspension_reason"),
    isDeleted: boolean("is_deleted").notNull().default(false),
    deletionGracePeriodEnd: timestamp("deletion_grace_period_end", { withTimezone: true }),
    socialLinks: jsonb("social_links").$type<Record<string, string>>().notNull().default({}),
    accountVisibility: accountVisibilityEnum("account_visibility").notNull().default("public"),
    customVisibleUsers: uuid("custom_visible_users").array().notNull().default(sql`'{}'::uuid[]`),
    city: text("city"),
    state: text("state"),
    country: text("country"),
    countryCode: text("country_code"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    locationPrivacy: locationPrivacyEnum("location_privacy").notNull().default("city"),
    allowLocationTracking: boolean("allow_location_tracking").notNull().default(false),
    preferences: jsonb("preferences").$type<Preferences>().notNull(),
    followersCount: integer("followers_count").notNull().default(0),
    followingCount: integer("following_count").notNull().default(0),
    postsCount: integer("posts_count").notNull().default(0),
    subscriptionPriceCents: integer("subscription_price_cents").notNull().default(1200),
    /** When the user last had the app open (a live connection), written at most once a minute. */
    lastActiveAt: timestamp("last_active_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("users_email_unique").on(table.email),
    uniqueIndex("users_username_lower_unique").on(sql`lower(${table.username})`),
    index("users_created_at_id_idx").on(table.createdAt, table.id),
  ],
);

export type UserRow = typeof users.$inferSelect;
