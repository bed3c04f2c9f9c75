import type { TransactionKind } from "@plaza/contracts/payments";
import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from "../../db/schema/payments";
import { users } from "../../db/schema/users";
import { encodeCursor, type KeysetCursor, type Page } from "../../lib/cursor";
import { newestFirst, type PageRequest, paginate } from "../../lib/paginate";

function firstRow<T>(rows: T[]): T {
  const [row] = rows;
  if (!row) throw new Error("query returned no row");
  return row;
}

/**
 * The id of an account, creating it when missing. Race-safe: a concurrent creator of the same account makes
 * this insert wait and then do nothing, and the select that follows sees the committed row.
 */
async function ensureAccount(
  db: Executor,
  account: { kind: "wallet"; userId: string } | { kind: "external"; provider: string } | { kind: "platform" },
): Promise<string> {
  const condition =
    account.kind === "wallet"
      ? and(eq(ledgerAccounts.kind, "wallet"), eq(ledgerAccounts.userId, account.userId))
      : account.kind === "external"
        ? and(eq(ledgerAccounts.kind, "external"), eq(ledgerAccounts.provider, account.provider))
        : eq(ledgerAccounts.kind, "platform");
  const find = async () => (await db.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(condition))[0];
  const existing = await find();
  if (existing) return existing.id;
  if (account.kind === "wallet") {
    await db.execute(
      sql`insert into ledger_accounts (kind, user_id) values ('wallet', ${account.userId}) on conflict (user_id) where kind = 'wallet' do nothing`,
    );
  } else if (account.kind === "external") {
    await db.execute(
      sql`insert into ledger_accounts (kind, provider) values ('external', ${account.provider}) on conflict (provider) where kind = 'external' do nothing`,
    );
  } else {
    await db.execute(
      sql`insert into ledger_accounts (kind) values ('platform') on conflict (kind) where kind = 'platform' do nothing`,
    );
  }
  const created = await find();
  if (!created) throw new Error(`ledger account ${account.kind} could not be created`);
  return created.id;
}

export const ensureWalletAccount = (db: Executor, userId: string) => ensureAccount(db, { kind: "wallet", userId });
export const ensureExternalAccount = (db: Executor, provider: string) =>
  ensureAccount(db, { kind: "external", provider });
export const ensurePlatformAccount = (db: Executor) => ensureAccount(db, { kind: "platform" });

export interface NewLedgerTransaction {
  kind: TransactionKind;
  payerId: string;
  payeeId: string;
  amountCents: number;
  /** The processor's fee, paid by the payee out of the amount: its own entry, to the processor's fee account. */
  feeCents?: number;
  paymentMethod: string;
  provider: string;
  providerReference: string;
  postId?: string | null;
  message?: string | null;
  createdAt: Date;
}

export type LedgerTransactionRow = typeof ledgerTransactions.$inferSelect;

/** The external account a processor's fees go to (the payee pays them; Plaza never does). */
const feeAccountOf = (provider: string) => `${provider}:fees`;

/**
 * Records one balanced movement: the provider's external account gives `amountCents`, the payee's wallet receives
 * all of it (no platform cut) less the processor's fee, which is its own entry on the processor's fee account.
 * The platform account is ensured so that it exists, and stays at 0.
 */
export async function recordLedgerTransaction(
  db: Executor,
  movement: NewLedgerTransaction,
): Promise<LedgerTransactionRow> {
  if (!Number.isSafeInteger(movement.amountCents) || movement.amountCents <= 0) {
    throw new Error(`ledger amounts are positive integer cents, got ${movement.amountCents}`);
  }
  const feeCents = movement.feeCents ?? 0;
  if (!Number.isSafeInteger(feeCents) || feeCents < 0 || feeCents > movement.amountCents) {
    throw new Error(`a fee is 0 to the amount in integer cents, got ${feeCents}`);
  }
  await ensurePlatformAccount(db);
  const externalAccountId = await ensureExternalAccount(db, movement.provider);
  const feeAccountId = feeCents > 0 ? await ensureExternalAccount(db, feeAccountOf(movement.provider)) : null;
  const walletAccountId = await ensureWalletAccount(db, movement.payeeId);
  const transaction = firstRow(
    await db
      .insert(ledgerTransactions)
      .values({
        kind: movement.kind,
        payerId: movement.payerId,
        payeeId: movement.payeeId,
        amountCents: movement.amountCents,
        feeCents,
        paymentMethod: movement.paymentMethod,
        provider: movement.provider,
        providerReference: movement.providerReference,
        postId: movement.postId ?? null,
        message: movement.message ?? null,
        createdAt: movement.createdAt,
      })
      .returning(),
  );
  await db.insert(ledgerEntries).values([
    {
      transactionId: transaction.id,
      accountId: externalAccountId,
      amountCents: -movement.amountCents,
      createdAt: movement.createdAt,
    },
    {
      transactionId: transaction.id,
      accountId: walletAccountId,
      amountCents: movement.amountCents - feeCents,
      createdAt: movement.createdAt,
    },
    ...(feeAccountId
      ? [
          {
            transactionId: transaction.id,
            accountId: feeAccountId,
            amountCents: feeCents,
            createdAt: movement.createdAt,
          },
        ]
      : []),
  ]);
  return transaction;
}

/**
 * A refund or dispute: a new transaction whose entries return the amount (all of it, or a partial refund's part)
 * from the payee's wallet to the provider's external account (the processor keeps its fee, as Stripe does). The
 * reversals of one transaction never add up to more than it; returns null when nothing is left to reverse.
 */
export async function recordReversal(
  db: Executor,
  originalId: string,
  createdAt: Date,
  /** A partial refund reverses part of it; by default all that is not reversed yet. */
  requestedCents?: number,
): Promise<LedgerTransactionRow | null> {
  // The original row is locked, so two reversals of one transaction never both see the same remainder.
  const [original] = await db
    .select()
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.id, originalId))
    .for("update");
  if (!original?.payeeId || original.reversesTransactionId) return null;
  const [reversed] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerTransactions.amountCents}), 0)` })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.reversesTransactionId, original.id));
  const remaining = original.amountCents - Number(reversed?.total ?? 0);
  const amountCents = Math.min(remaining, requestedCents ?? remaining);
  if (amountCents <= 0) return null;
  const [reversal] = await db
    .insert(ledgerTransactions)
    .values({
      kind: original.kind,
      payerId: original.payerId,
      payeeId: original.payeeId,
      amountCents,
      paymentMethod: original.paymentMethod,
      provider: original.provider,
      providerReference: original.providerReference,
      postId: original.postId,
      reversesTransactionId: original.id,
      createdAt,
    })
    .returning();
  if (!reversal) return null;
  const externalAccountId = await ensureExternalAccount(db, original.provider);
  const walletAccountId = await ensureWalletAccount(db, original.payeeId);
  await db.insert(ledgerEntries).values([
    { transactionId: reversal.id, accountId: walletAccountId, amountCents: -amountCents, createdAt },
    { transactionId: reversal.id, accountId: externalAccountId, amountCents, createdAt },
  ]);
  return reversal;
}

async function findWalletAccountId(db: Executor, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, "wallet"), eq(ledgerAccounts.userId, userId)));
  return row?.id;
}

export interface WalletTotals {
  balanceCents: number;
  byKind: Record<TransactionKind, number>;
}

/** Balance and earnings by source, both derived from the entries (never stored). */
export async function sumWallet(db: Executor, userId: string): Promise<WalletTotals> {
  const byKind: Record<TransactionKind, number> = { tip: 0, ppv_unlock: 0, subscription: 0, ticket: 0 };
  const accountId = await findWalletAccountId(db, userId);
  if (!accountId) return { balanceCents: 0, byKind };
  const rows = await db
    .select({ kind: ledgerTransactions.kind, total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(eq(ledgerEntries.accountId, accountId))
    .groupBy(ledgerTransactions.kind);
  let balanceCents = 0;
  for (const row of rows) {
    const total = Number(row.total);
    byKind[row.kind] = total;
    balanceCents += total;
  }
  return { balanceCents, byKind };
}

/**
 * What reached the user's wallet in each of the `months` calendar months (UTC) up to the one holding `now`,
 * oldest first, zero months included: one query over the wallet's entries (net of the processor's fee; a refund
 * counts in the month it happened), found through the payee index on the transactions.
 */
export async function sumEarningsByMonth(
  db: Executor,
  userId: string,
  now: Date,
  months: number,
): Promise<{ month: string; cents: number }[]> {
  const result = await db.execute(sql`
    with months as (
      select generate_series(
        date_trunc('month', ${now.toISOString()}::timestamptz at time zone 'UTC') - make_interval(months => ${months - 1}),
        date_trunc('month', ${now.toISOString()}::timestamptz at time zone 'UTC'),
        interval '1 month'
      ) as start
    )
    select to_char(months.start, 'YYYY-MM') as month, coalesce(sum(earned.amount_cents), 0)::bigint as cents
    from months
    left join (
      select t.created_at, e.amount_cents
      from ledger_transactions t
      join ledger_entries e on e.transaction_id = t.id
      join ledger_accounts a on a.id = e.account_id and a.kind = 'wallet' and a.user_id = ${userId}
      where t.payee_id = ${userId}
        and t.created_at >= (date_trunc('month', ${now.toISOString()}::timestamptz at time zone 'UTC') - make_interval(months => ${months - 1})) at time zone 'UTC'
    ) earned
      on earned.created_at >= months.start at time zone 'UTC'
      and earned.created_at < (months.start + interval '1 month') at time zone 'UTC'
    group by months.start
    order by months.start
  `);
  const rows = (result as unknown as { rows: { month: string; cents: string | number }[] }).rows;
  return rows.map((row) => ({ month: row.month, cents: Number(row.cents) }));
}

export interface WalletLineRow {
  id: string;
  kind: TransactionKind;
  amountCents: number;
  payerId: string | null;
  payerUsername: string | null;
  postId: string | null;
  message: string | null;
  paymentMethod: string;
  createdAt: Date;
}

/** Entries of the user's wallet, newest first, keyset-paginated on the transaction's (createdAt, id). */
export async function listWalletLines(
  db: Executor,
  userId: string,
  page: PageRequest<KeysetCursor>,
): Promise<Page<WalletLineRow>> {
  const accountId = await findWalletAccountId(db, userId);
  if (!accountId) return { items: [], nextCursor: null };
  return paginate(
    page,
    newestTransactionFirst,
    ({ after, orderBy, limit }) =>
      db
        .select({
          id: ledgerTransactions.id,
          kind: ledgerTransactions.kind,
          amountCents: ledgerEntries.amountCents,
          payerId: ledgerTransactions.payerId,
          payerUsername: users.username,
          postId: ledgerTransactions.postId,
          message: ledgerTransactions.message,
          paymentMethod: ledgerTransactions.paymentMethod,
          createdAt: ledgerTransactions.createdAt,
        })
        .from(ledgerEntries)
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
        .leftJoin(users, eq(users.id, ledgerTransactions.payerId))
        .where(and(eq(ledgerEntries.accountId, accountId), after))
        .orderBy(...orderBy)
        .limit(limit),
    byCreation,
  );
}

/** Ledger lines are ordered by their transaction's (createdAt desc, id desc). */
const newestTransactionFirst = newestFirst(ledgerTransactions.createdAt, ledgerTransactions.id);

/** The cursor of a ledger line. */
const byCreation = (row: { createdAt: Date; id: string }) => encodeCursor(row);

/** A transaction's amount as the payer sees it: a refund or dispute counts back. */
const signedAmount = sql<number>`case when ${ledgerTransactions.reversesTransactionId} is null then ${ledgerTransactions.amountCents} else -${ledgerTransactions.amountCents} end`;

/** What the user paid, by kind: their transactions as payer (indexed on payer_id). */
export async function sumSpending(db: Executor, userId: string): Promise<Record<TransactionKind, number>> {
  const byKind: Record<TransactionKind, number> = { tip: 0, ppv_unlock: 0, subscription: 0, ticket: 0 };
  const rows = await db
    .select({ kind: ledgerTransactions.kind, total: sql<string>`coalesce(sum(${signedAmount}), 0)` })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.payerId, userId))
    .groupBy(ledgerTransactions.kind);
  for (const row of rows) byKind[row.kind] = Number(row.total);
  return byKind;
}

export interface SpendingLineRow {
  id: string;
  kind: TransactionKind;
  amountCents: number;
  payeeId: string | null;
  payeeUsername: string | null;
  postId: string | null;
  message: string | null;
  paymentMethod: string;
  createdAt: Date;
}

/** The user's payments, newest first, on the (payer_id, created_at) index; keyset on (createdAt, id). */
export async function listSpendingLines(
  db: Executor,
  userId: string,
  page: PageRequest<KeysetCursor>,
): Promise<Page<SpendingLineRow>> {
  return paginate(
    page,
    newestTransactionFirst,
    ({ after, orderBy, limit }) =>
      db
        .select({
          id: ledgerTransactions.id,
          kind: ledgerTransactions.kind,
          amountCents: sql<number>`(${signedAmount})::int`,
          payeeId: ledgerTransactions.payeeId,
          payeeUsername: users.username,
          postId: ledgerTransactions.postId,
          message: ledgerTransactions.message,
          paymentMethod: ledgerTransactions.paymentMethod,
          createdAt: ledgerTransactions.createdAt,
        })
        .from(ledgerTransactions)
        .leftJoin(users, eq(users.id, ledgerTransactions.payeeId))
        .where(and(eq(ledgerTransactions.payerId, userId), after))
        .orderBy(...orderBy)
        .limit(limit),
    byCreation,
  );
}
