import type { TransactionKind } from "@plaza/contracts/payments";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from "../../db/schema/payments";
import { users } from "../../db/schema/users";
import { type KeysetCursor, olderThan } from "../../lib/cursor";

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
  paymentMethod: string;
  provider: string;
  providerReference: string;
  postId?: string | null;
  message?: string | null;
  createdAt: Date;
}

export type LedgerTransactionRow = typeof ledgerTransactions.$inferSelect;

/**
 * Records one balanced movement: the provider's external account gives `amountCents`, the payee's wallet receives
 * all of it (no platform cut). The platform account is ensured so that it exists, and stays at 0.
 */
export async function recordLedgerTransaction(
  db: Executor,
  movement: NewLedgerTransaction,
): Promise<LedgerTransactionRow> {
  if (!Number.isSafeInteger(movement.amountCents) || movement.amountCents <= 0) {
    throw new Error(`ledger amounts are positive integer cents, got ${movement.amountCents}`);
  }
  await ensurePlatformAccount(db);
  const externalAccountId = await ensureExternalAccount(db, movement.provider);
  const walletAccountId = await ensureWalletAccount(db, movement.payeeId);
  const transaction = firstRow(
    await db
      .insert(ledgerTransactions)
      .values({
        kind: movement.kind,
        payerId: movement.payerId,
        payeeId: movement.payeeId,
        amountCents: movement.amountCents,
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
      amountCents: movement.amountCents,
      createdAt: movement.createdAt,
    },
  ]);
  return transaction;
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
  const byKind: Record<TransactionKind, number> = { tip: 0, ppv_unlock: 0, subscription: 0 };
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
  page: { limit: number; cursor: KeysetCursor | null },
): Promise<WalletLineRow[]> {
  const accountId = await findWalletAccountId(db, userId);
  if (!accountId) return [];
  const cursor = page.cursor;
  return db
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
    .where(
      and(
        eq(ledgerEntries.accountId, accountId),
        olderThan(cursor, ledgerTransactions.createdAt, ledgerTransactions.id),
      ),
    )
    .orderBy(desc(ledgerTransactions.createdAt), desc(ledgerTransactions.id))
    .limit(page.limit + 1);
}

/** What the user paid, by kind: their transactions as payer (indexed on payer_id). */
export async function sumSpending(db: Executor, userId: string): Promise<Record<TransactionKind, number>> {
  const byKind: Record<TransactionKind, number> = { tip: 0, ppv_unlock: 0, subscription: 0 };
  const rows = await db
    .select({ kind: ledgerTransactions.kind, total: sql<string>`coalesce(sum(${ledgerTransactions.amountCents}), 0)` })
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
  page: { limit: number; cursor: KeysetCursor | null },
): Promise<SpendingLineRow[]> {
  const cursor = page.cursor;
  return db
    .select({
      id: ledgerTransactions.id,
      kind: ledgerTransactions.kind,
      amountCents: ledgerTransactions.amountCents,
      payeeId: ledgerTransactions.payeeId,
      payeeUsername: users.username,
      postId: ledgerTransactions.postId,
      message: ledgerTransactions.message,
      paymentMethod: ledgerTransactions.paymentMethod,
      createdAt: ledgerTransactions.createdAt,
    })
    .from(ledgerTransactions)
    .leftJoin(users, eq(users.id, ledgerTransactions.payeeId))
    .where(
      and(
        eq(ledgerTransactions.payerId, userId),
        olderThan(cursor, ledgerTransactions.createdAt, ledgerTransactions.id),
      ),
    )
    .orderBy(desc(ledgerTransactions.createdAt), desc(ledgerTransactions.id))
    .limit(page.limit + 1);
}
