import { sql } from "drizzle-orm";
import type { Executor } from "../src/db/client";

export interface LedgerSnapshot {
  totalCents: number;
  unbalancedTransactions: number;
  platformCents: number;
  /** Wallet balance per user id, derived from the entries. */
  walletCents: Map<string, number>;
  /** What each payee received according to the transactions (the amounts charged). */
  receivedCents: Map<string, number>;
  transactionCount: number;
  duplicateUnlockCharges: number;
  unlocksWithoutCharge: number;
  negativeWallets: number;
  subscriptionCharges: Map<string, number>;
  /** Transactions whose refunds and disputes together take back more than they moved. */
  overReversed: number;
}

type Row = Record<string, unknown>;

async function rows(db: Executor, query: ReturnType<typeof sql>): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/** Reads everything the ledger invariants (security checklist §2, L1–L13) are checked against. */
export async function snapshotLedger(db: Executor): Promise<LedgerSnapshot> {
  const [total] = await rows(db, sql`select coalesce(sum(amount_cents), 0)::bigint as total from ledger_entries`);
  const [unbalanced] = await rows(
    db,
    sql`select count(*)::int as n from (select transaction_id from ledger_entries group by transaction_id having sum(amount_cents) <> 0) t`,
  );
  const [platform] = await rows(
    db,
    sql`select coalesce(sum(e.amount_cents), 0)::bigint as total from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.kind = 'platform'`,
  );
  const wallets = await rows(
    db,
    sql`select a.user_id, coalesce(sum(e.amount_cents), 0)::bigint as total from ledger_accounts a left join ledger_entries e on e.account_id = a.id where a.kind = 'wallet' group by a.user_id`,
  );
  // A refund or dispute leaves the processor's fee with the payee (Stripe keeps it): that much may go below 0.
  const keptFees = await rows(
    db,
    // Once per reversed transaction, however many partial refunds it had.
    sql`select o.payee_id, sum(o.fee_cents)::bigint as total from ledger_transactions o where exists (select 1 from ledger_transactions r where r.reverses_transaction_id = o.id) group by o.payee_id`,
  );
  const feeDebt = new Map(keptFees.map((row) => [String(row.payee_id), Number(row.total)]));
  const received = await rows(
    db,
    // What the payee kept: each payment less the processor's fee, less what refunds and disputes took back.
    sql`select payee_id, sum(case when reverses_transaction_id is null then amount_cents - fee_cents else -amount_cents end)::bigint as total from ledger_transactions group by payee_id`,
  );
  const [count] = await rows(db, sql`select count(*)::int as n from ledger_transactions`);
  const [duplicates] = await rows(
    db,
    // A second charge refunded in full (a duplicate payment, refunded by Plaza) is not a double unlock.
    sql`select count(*)::int as n from (select payer_id, post_id from ledger_transactions o where kind = 'ppv_unlock' and reverses_transaction_id is null and o.amount_cents > (select coalesce(sum(r.amount_cents), 0) from ledger_transactions r where r.reverses_transaction_id = o.id) group by payer_id, post_id having count(*) > 1) t`,
  );
  const [orphans] = await rows(
    db,
    sql`select count(*)::int as n from ppv_unlocks u left join ledger_transactions t on t.id = u.transaction_id and t.kind = 'ppv_unlock' and t.payer_id = u.user_id and t.post_id = u.post_id where t.id is null`,
  );
  const subscriptionCharges = await rows(
    db,
    sql`select payer_id, payee_id, count(*)::int as n from ledger_transactions where kind = 'subscription' and reverses_transaction_id is null group by payer_id, payee_id`,
  );
  const [overReversed] = await rows(
    db,
    sql`select count(*)::int as n from ledger_transactions o where o.reverses_transaction_id is null and o.amount_cents < (select coalesce(sum(r.amount_cents), 0) from ledger_transactions r where r.reverses_transaction_id = o.id)`,
  );
  const walletCents = new Map(wallets.map((row) => [String(row.user_id), Number(row.total)]));
  return {
    totalCents: Number(total?.total),
    unbalancedTransactions: Number(unbalanced?.n),
    platformCents: Number(platform?.total),
    walletCents,
    receivedCents: new Map(received.map((row) => [String(row.payee_id), Number(row.total)])),
    transactionCount: Number(count?.n),
    duplicateUnlockCharges: Number(duplicates?.n),
    unlocksWithoutCharge: Number(orphans?.n),
    negativeWallets: [...walletCents].filter(([userId, value]) => value + (feeDebt.get(userId) ?? 0) < 0).length,
    overReversed: Number(overReversed?.n),
    subscriptionCharges: new Map(
      subscriptionCharges.map((row) => [`${String(row.payer_id)}>${String(row.payee_id)}`, Number(row.n)]),
    ),
  };
}

/** Throws with a readable list when any ledger invariant does not hold. */
export async function expectLedgerInvariants(db: Executor): Promise<LedgerSnapshot> {
  const snapshot = await snapshotLedger(db);
  const problems: string[] = [];
  if (snapshot.totalCents !== 0) problems.push(`L1: all balances sum to ${snapshot.totalCents}, not 0`);
  if (snapshot.unbalancedTransactions !== 0) problems.push(`L1: ${snapshot.unbalancedTransactions} unbalanced`);
  if (snapshot.platformCents !== 0) problems.push(`platform account holds ${snapshot.platformCents}`);
  if (snapshot.negativeWallets !== 0) problems.push(`L2: ${snapshot.negativeWallets} wallets below 0`);
  if (snapshot.duplicateUnlockCharges !== 0) problems.push(`L9: ${snapshot.duplicateUnlockCharges} double unlocks`);
  if (snapshot.unlocksWithoutCharge !== 0) problems.push(`L8: ${snapshot.unlocksWithoutCharge} unpaid unlocks`);
  if (snapshot.overReversed !== 0) problems.push(`${snapshot.overReversed} transactions reversed beyond their amount`);
  for (const [userId, balance] of snapshot.walletCents) {
    const received = snapshot.receivedCents.get(userId) ?? 0;
    if (balance !== received) problems.push(`L3: wallet ${userId} holds ${balance} but received ${received}`);
  }
  if (problems.length > 0) throw new Error(`ledger invariants broken:\n${problems.join("\n")}`);
  return snapshot;
}
