import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
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

export const ledgerTransactionKindEnum = pgEnum("ledger_transaction_kind", [
  "tip",
  "ppv_unlock",
  "subscription",
  "ticket",
]);

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
    /** The processor's fee, paid by the payee out of the amount (its own ledger entry); 0 for the test provider. */
    feeCents: integer("fee_cents").notNull().default(0),
    /**
     * Set on a refund or dispute: the transaction it reverses (its entries are the opposite of the original's, for
     * all of its amount or, for a partial refund, part of it; the parts never add up to more than the original).
     */
    reversesTransactionId: uuid("reverses_transaction_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("ledger_transactions_payee_idx").on(table.payeeId, table.createdAt.desc()),
    index("ledger_transactions_payer_idx").on(table.payerId, table.createdAt.desc()),
    // "Has anyone paid for this post?" (editing and the author's post reads ask it).
    index("ledger_transactions_post_idx").on(table.postId),
    // The reversals of a transaction (partial refunds add up; recordReversal never lets them pass the original).
    index("ledger_transactions_reverses_idx")
      .on(table.reversesTransactionId)
      .where(sql`${table.reversesTransactionId} is not null`),
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
    /** The processor's customer and saved payment method (on the creator's connected account) for renewals. */
    processorCustomerId: text("processor_customer_id"),
    processorPaymentMethodId: text("processor_payment_method_id"),
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

/**
 * A payment through a network processor (Stripe): created with its PaymentIntent, committed as pending, and
 * settled by the processor's webhooks. `transactionId` is the ledger transaction its success posted.
 */
export const processorPayments = pgTable(
  "processor_payments",
  {
    id: uuid("id").primaryKey(),
    kind: ledgerTransactionKindEnum("kind").notNull(),
    payerId: uuid("payer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    payeeId: uuid("payee_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("usd"),
    provider: text("provider").notNull(),
    /** The PaymentIntent id (pi_…), unique: each PaymentIntent is applied once. */
    intentId: text("intent_id").notNull(),
    /** The creator's connected account the charge was made on (direct charge). */
    connectedAccountId: text("connected_account_id").notNull(),
    /** The intent's client secret, handed only to its payer (to finish paying, e.g. a renewal needing action). */
    clientSecret: text("client_secret"),
    status: text("status").notNull().default("requires_payment"),
    postId: uuid("post_id").references(() => posts.id, { onDelete: "set null" }),
    message: text("message"),
    /**
     * For a ticket: its event. An open ticket payment younger than EVENT_TICKET_HOLD_MS holds a seat (it counts
     * against the capacity); the ticket is issued when it succeeds.
     */
    eventId: uuid("event_id"),
    /** For a renewal: the subscription whose next period it pays. */
    subscriptionId: uuid("subscription_id").references(() => subscriptions.id, { onDelete: "set null" }),
    isRenewal: boolean("is_renewal").notNull().default(false),
    transactionId: uuid("transaction_id").references(() => ledgerTransactions.id, { onDelete: "restrict" }),
    feeCents: integer("fee_cents"),
    /** How much of it refunds and disputes have taken back so far (Stripe's refunds may be partial). */
    reversedCents: integer("reversed_cents").notNull().default(0),
    /**
     * A payment that bought what its payer already had (a second tab paid for the same post): Plaza refunds it in
     * full (the `payment-refunds` job) and keeps this set until Stripe has the refund.
     */
    refundDue: boolean("refund_due").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("processor_payments_intent_unique").on(table.intentId),
    // One open payment per payer and pay-per-view post: two tabs asking at once get the same PaymentIntent.
    uniqueIndex("processor_payments_one_open_unlock")
      .on(table.payerId, table.postId)
      .where(
        sql`${table.kind} = 'ppv_unlock' and ${table.status} in ('requires_payment', 'processing') and not ${table.isRenewal}`,
      ),
    // And one open first payment per subscriber and creator (renewals have their own per-period key).
    uniqueIndex("processor_payments_one_open_subscription")
      .on(table.payerId, table.payeeId)
      .where(
        sql`${table.kind} = 'subscription' and ${table.status} in ('requires_payment', 'processing') and not ${table.isRenewal}`,
      ),
    index("processor_payments_ticket_holds_idx")
      .on(table.eventId, table.createdAt)
      .where(sql`${table.eventId} is not null and ${table.status} in ('requires_payment', 'processing')`),
    index("processor_payments_refund_due_idx").on(table.id).where(sql`${table.refundDue}`),
    index("processor_payments_payer_idx").on(table.payerId, table.createdAt.desc()),
    index("processor_payments_subscription_idx").on(table.subscriptionId),
  ],
);

/** Webhook events already applied (Stripe's event id): a repeated delivery changes nothing. */
export const processorEvents = pgTable("processor_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A user's connected account at the processor (one per user), as the last `account.updated` described it. */
export const payoutAccounts = pgTable(
  "payout_accounts",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    chargesEnabled: boolean("charges_enabled").notNull().default(false),
    payoutsEnabled: boolean("payouts_enabled").notNull().default(false),
    detailsSubmitted: boolean("details_submitted").notNull().default(false),
    disabledReason: text("disabled_reason"),
    /** What Stripe still needs (requirements.currently_due + past_due), for the wallet's Payouts card. */
    requirements: jsonb("requirements").$type<string[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("payout_accounts_account_unique").on(table.accountId)],
);
