import { createHash } from "node:crypto";

/**
 * What a backup archive holds and what a restore checks against: the row count of every table, the ledger's
 * balances and every uploaded file. Read from one consistent view of the database (a PostgreSQL snapshot, or the
 * embedded database's dump itself), so the numbers are those of the dump, not of a moment later.
 */
export const MANIFEST_FORMAT = "plaza-backup";
export const MANIFEST_VERSION = 1;
export const MANIFEST_FILE = "manifest.json";
/** The folder of the archive holding the database dump, and the one holding the uploaded files (local disk). */
export const DATABASE_FOLDER = "database";
export const UPLOADS_FOLDER = "uploads";

export type DatabaseKind = "pglite" | "postgres";

/** One uploaded file on local disk, as archived. */
export interface ArchivedFile {
  key: string;
  size: number;
  sha256: string;
}

/** One object in the S3 bucket, listed (its bytes stay in the bucket). */
export interface ListedObject {
  key: string;
  size: number;
  etag: string;
}

export type UploadsManifest =
  | { storage: "local"; files: ArchivedFile[] }
  | { storage: "s3"; bucket: string; objects: ListedObject[] };

export interface LedgerSummary {
  /** The sum of the entries of every account of each kind, in cents (text: bigint sums). */
  balancesByKind: Record<string, string>;
  accounts: number;
  entries: number;
  /** sha256 of every account's id and balance, one line each in id order: equal digests, equal balances. */
  balancesSha256: string;
}

export interface DatabaseSummary {
  tables: Record<string, number>;
  ledger: LedgerSummary;
}

export interface BackupManifest extends DatabaseSummary {
  format: typeof MANIFEST_FORMAT;
  version: typeof MANIFEST_VERSION;
  createdAt: string;
  database: { kind: DatabaseKind; file: string; sha256: string; tool: string };
  uploads: UploadsManifest;
}

/** Anything that runs a query and returns its rows: a pg client or the embedded database. */
export interface RowReader {
  query<T>(text: string): Promise<{ rows: T[] }>;
}

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Row counts of every table of the public schema, then the ledger's balances. */
export async function summarizeDatabase(reader: RowReader): Promise<DatabaseSummary> {
  const { rows: tableRows } = await reader.query<{ name: string }>(
    "select tablename as name from pg_tables where schemaname = 'public' order by tablename",
  );
  const tables: Record<string, number> = {};
  for (const { name } of tableRows) {
    const { rows } = await reader.query<{ count: string }>(
      `select count(*)::text as count from public.${quoteIdentifier(name)}`,
    );
    tables[name] = Number(rows[0]?.count ?? 0);
  }
  if (tables.ledger_accounts === undefined || tables.ledger_entries === undefined) {
    throw new Error("The database holds no Plaza town (no ledger tables): is DATABASE_URL or DATA_DIR right?");
  }
  return { tables, ledger: await summarizeLedger(reader) };
}

async function summarizeLedger(reader: RowReader): Promise<LedgerSummary> {
  const { rows } = await reader.query<{ id: string; kind: string; cents: string }>(
    `select a.id::text as id, a.kind::text as kind, coalesce(sum(e.amount_cents), 0)::text as cents
       from ledger_accounts a left join ledger_entries e on e.account_id = a.id
      group by a.id, a.kind order by a.id`,
  );
  const { rows: entryRows } = await reader.query<{ count: string }>(
    "select count(*)::text as count from ledger_entries",
  );
  const balancesByKind: Record<string, string> = {};
  const digest = createHash("sha256");
  for (const row of rows) {
    balancesByKind[row.kind] = (BigInt(balancesByKind[row.kind] ?? "0") + BigInt(row.cents)).toString();
    digest.update(`${row.id} ${row.cents}\n`);
  }
  return {
    balancesByKind,
    accounts: rows.length,
    entries: Number(entryRows[0]?.count ?? 0),
    balancesSha256: digest.digest("hex"),
  };
}

/** Each difference between what the manifest says and what the restored database holds, as a sentence. */
export function compareSummaries(expected: DatabaseSummary, actual: DatabaseSummary): string[] {
  const problems: string[] = [];
  const names = new Set([...Object.keys(expected.tables), ...Object.keys(actual.tables)]);
  for (const name of [...names].sort()) {
    const want = expected.tables[name];
    const got = actual.tables[name];
    if (want === undefined) problems.push(`table ${name} is not in the backup`);
    else if (got === undefined) problems.push(`table ${name} is missing`);
    else if (want !== got) problems.push(`table ${name} has ${got} rows, the backup ${want}`);
  }
  const kinds = new Set([...Object.keys(expected.ledger.balancesByKind), ...Object.keys(actual.ledger.balancesByKind)]);
  for (const kind of [...kinds].sort()) {
    const want = expected.ledger.balancesByKind[kind] ?? "0";
    const got = actual.ledger.balancesByKind[kind] ?? "0";
    if (want !== got) problems.push(`the ${kind} accounts hold ${got} cents, the backup ${want}`);
  }
  if (expected.ledger.balancesSha256 !== actual.ledger.balancesSha256) {
    problems.push("an account's balance differs from the backup's");
  }
  return problems;
}

/** The manifest of an archive, or a sentence saying why it is not one of ours. */
export function parseManifest(text: string): BackupManifest {
  let manifest: Partial<BackupManifest>;
  try {
    manifest = JSON.parse(text) as Partial<BackupManifest>;
  } catch {
    throw new Error("the archive's manifest.json is not JSON");
  }
  if (manifest.format !== MANIFEST_FORMAT) throw new Error("the archive is not a Plaza backup");
  if (manifest.version !== MANIFEST_VERSION) {
    throw new Error(
      `the archive is a version ${manifest.version} backup; this Plaza reads version ${MANIFEST_VERSION}`,
    );
  }
  return manifest as BackupManifest;
}

/** Rows, balances and files, told in one line. */
export function describeSummary(summary: DatabaseSummary, uploads: UploadsManifest): string {
  const rows = Object.values(summary.tables).reduce((total, count) => total + count, 0);
  const count = uploads.storage === "local" ? uploads.files.length : uploads.objects.length;
  const files = `${count} ${uploads.storage === "local" ? "file" : "S3 object"}${count === 1 ? "" : "s"}`;
  const wallets = summary.ledger.balancesByKind.wallet ?? "0";
  return (
    `${Object.keys(summary.tables).length} tables, ${rows} rows, ${summary.ledger.accounts} ledger accounts ` +
    `(wallets hold ${wallets} cents), ${files}`
  );
}
