import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { posts } from "./posts";
import { users } from "./users";

export const ledgerAccountKindEnum = pgEnum("ledger_account_kind", ["wallet", "external", "platform"]);

/**
 * Ledger accounts: one wallet per user, one external-funding account per payment provider, and the platform
 * account, which must stay at 0 (no platform cut).
 */
export const ledgerAccounts = pgTable(
  "ledger_accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: ledgerAccountKindEnum("kind").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "restrict" }),
    provider: text("provider"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("ledger_accounts_wallet_unique").on(table.userId).where(sql`${table.kind} = 'wallet'`),
    uniqueIndex("ledger_accounts_external_unique").on(table.provider).where(sql`${table.kind} = 'external'`),
    uniqueIndex("ledger_accounts_platform_unique").on(table.kind).where(sql`${table.kind} = 'platform'`),
  ],
);

export const ledgerTransactionKindEnum = pgEnum("ledger_transaction_kind", ["tip", "ppv_unlock", "subscription"]);

export const ledgerTransactions = pgTable(
  "ledger_transactions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: ledgerTransactionKindEnum("kind").notNull(),
    payerId: uuid("payer_id").references(() => users.id, { onDelete: "set null" }),
    payeeId: uuid("payee_id").references(() => users.id, { onDelete: "set null" }),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    paymentMethod: text("payment_method").notNull(),
    provider: text("provider").notNull(),
    providerReference: text("provider_reference"),
    postId: uuid("post_id").references(() => posts.id, { onDelete: "set null" }),
    message: text("message"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("ledger_transactions_payee_idx").on(table.payeeId, table.createdAt.desc()),
    index("ledger_transactions_payer_idx").on(table.payerId, table.createdAt.desc()),
    // "Has anyone paid for this post?" (editing and the author's post reads ask it).
    index("ledger_transactions_post_idx").on(table.postId),
    check("ledger_transactions_positive", sql`${table.amountCents} > 0`),
  ],
);

/** Append-only (a trigger refuses UPDATE and DELETE); each transaction's entries sum to zero. */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    transactionId: uuid("transaction_id")
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: "restrict" }),
    accountId: uuid("account_id")
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: "restrict" }),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("ledger_entries_account_idx").on(table.accountId, table.id),
    index("ledger_entries_transaction_idx").on(table.transactionId),
  ],
);

export const ppvUnlocks = pgTable(
  "ppv_unlocks",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    transactionId: uuid("transaction_id")
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: "restrict" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.postId] })],
);

export const subscriptionStatusEnum = pgEnum("subscription_status", ["active", "cancelled", "expired"]);

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subscriberId: uuid("subscriber_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    creatorId: uuid("creator_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    priceCents: integer("price_cents").notNull(),
    status: subscriptionStatusEnum("status").notNull().default("active"),
    paymentMethod: text("payment_method").notNull().default("card"),
    currentPeriodStart: timestamp("current_period_start", { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }).notNull(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("subscriptions_pair_unique").on(table.subscriberId, table.creatorId),
    index("subscriptions_creator_idx").on(table.creatorId),
    index("subscriptions_renewal_idx").on(table.status, table.currentPeriodEnd),
  ],
);

/** Idempotency-Key records: the first answer to a key is replayed for the same body; another body is 409. */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    route: text("route").notNull(),
    requestHash: text("request_hash").notNull(),
    responseStatus: integer("response_status"),
    responseBody: jsonb("response_body"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.key] })],
);
