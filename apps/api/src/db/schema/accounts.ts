import { index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

export const accountTokenPurposeEnum = pgEnum("account_token_purpose", [
  "verify_email",
  "reset_password",
  "change_email",
]);

/**
 * Single-use links sent by mail (verify an address, reset a password, confirm a new address). Only the SHA-256 of
 * the random token is stored, so a database leak yields no usable link.
 */
export const accountTokens = pgTable(
  "account_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: accountTokenPurposeEnum("purpose").notNull(),
    tokenHash: text("token_hash").notNull(),
    /** The address being confirmed (change_email only). */
    newEmail: text("new_email"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("account_tokens_hash_unique").on(table.tokenHash),
    index("account_tokens_user_purpose_idx").on(table.userId, table.purpose),
  ],
);

export type AccountTokenRow = typeof accountTokens.$inferSelect;

/** An account's authenticator secret: pending during setup, active once a code confirmed it. */
export const twoFactorSecrets = pgTable("two_factor_secrets", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** Base32 secret of the enabled authenticator; null until setup is confirmed. */
  secret: text("secret"),
  /** Base32 secret offered by the last setup, waiting for its first code. */
  pendingSecret: text("pending_secret"),
  /** The last accepted 30-second step: a code of that step or an earlier one is refused (no replay). */
  lastUsedStep: integer("last_used_step"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});

/** One-time recovery codes (SHA-256 of the code), for signing in without the authenticator. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (table) => [uniqueIndex("recovery_codes_user_hash_unique").on(table.userId, table.codeHash)],
);
