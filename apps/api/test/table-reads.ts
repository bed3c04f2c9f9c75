import { sql } from "drizzle-orm";
import type { Executor } from "../src/db/client";

export interface TableReads {
  /** Sequential scans of the table. */
  seqScans: number;
  /** Rows read by those scans plus rows fetched through its indexes. */
  rowsRead: number;
}

/**
 * What `run` made the database read of `table`, from the transaction's own statistics counters: a query-cost check
 * that holds on any machine, where a timing would not. Runs in a transaction with sequential scans discouraged,
 * so a query that has an index path takes it, and one that has none still scans (and shows it).
 */
export async function readsOf(
  db: Executor,
  table: string,
  run: (tx: Executor) => Promise<unknown>,
): Promise<TableReads> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    // The counters also hold the backend's earlier statements not yet flushed, so the difference is taken.
    const counters = async () => {
      const result = await tx.execute(sql`
        select coalesce(seq_scan, 0) as scans, coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0) as rows
        from pg_stat_xact_user_tables where relname = ${table}`);
      const row = (result as unknown as { rows: { scans: string; rows: string }[] }).rows[0];
      return { seqScans: Number(row?.scans ?? 0), rowsRead: Number(row?.rows ?? 0) };
    };
    const before = await counters();
    await run(tx);
    const after = await counters();
    return { seqScans: after.seqScans - before.seqScans, rowsRead: after.rowsRead - before.rowsRead };
  });
}
