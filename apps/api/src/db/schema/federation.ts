import { bigserial, boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

/** A JSON Web Key as Fedify exports it (`exportJwk`). */
export type StoredJwk = Record<string, unknown>;

/**
 * A Plaza account's side of federation (docs/decisions/0012-federation.md): whether it is discoverable on other
 * servers (null: the default, on for public accounts) and its key pairs, made once on first need and kept: RSA
 * (HTTP Signatures, what Mastodon reads) and Ed25519 (Object Integrity Proofs).
 */
export const federationAccounts = pgTable("federation_accounts", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  isDiscoverable: boolean("is_discoverable"),
  rsaPublicKey: jsonb("rsa_public_key").$type<StoredJwk>(),
  rsaPrivateKey: jsonb("rsa_private_key").$type<StoredJwk>(),
  ed25519PublicKey: jsonb("ed25519_public_key").$type<StoredJwk>(),
  ed25519PrivateKey: jsonb("ed25519_private_key").$type<StoredJwk>(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** An account on another server that a Plaza account met (a follower so far), by its actor URI. */
export const remoteAccounts = pgTable("remote_accounts", {
  id: uuid("id").primaryKey().defaultRandom(),
  actorUri: text("actor_uri").notNull().unique(),
  /** `user@server`, when the actor gave a preferredUsername. */
  handle: text("handle"),
  name: text("name"),
  inboxUrl: text("inbox_url").notNull(),
  sharedInboxUrl: text("shared_inbox_url"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A remote account following a Plaza account: accepted, or pending while a private account has not approved it.
 * `followActivityUri` is the Follow's id, which the Accept names and an Undo refers to.
 */
export const remoteFollows = pgTable(
  "remote_follows",
  {
    remoteAccountId: uuid("remote_account_id")
      .notNull()
      .references(() => remoteAccounts.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    followActivityUri: text("follow_activity_uri").notNull(),
    isAccepted: boolean("is_accepted").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.remoteAccountId, table.userId] }),
    index("remote_follows_user_created_idx").on(table.userId, table.createdAt),
  ],
);

/** Fedify's key/value store (caches, idempotence of inbound activities), on both PostgreSQL and PGlite. */
export const federationKv = pgTable(
  "federation_kv",
  {
    key: text("key").primaryKey(),
    value: jsonb("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (table) => [index("federation_kv_expires_idx").on(table.expiresAt)],
);

/**
 * Fedify's message queue (fan-out, deliveries, inbound work): a message waits here until `runAfter`, a draining
 * process claims it until `claimedUntil`, and removes it once handled.
 */
export const federationMessages = pgTable(
  "federation_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    message: jsonb("message").notNull(),
    runAfter: timestamp("run_after", { withTimezone: true }).notNull(),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("federation_messages_run_after_idx").on(table.runAfter)],
);
