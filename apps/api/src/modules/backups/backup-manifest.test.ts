import { describe, expect, it } from "vitest";
import { compareSummaries, type DatabaseSummary, parseManifest, summarizeDatabase } from "./backup-manifest";

const summary = (overrides: Partial<DatabaseSummary> = {}): DatabaseSummary => ({
  tables: { users: 3, posts: 6, ledger_accounts: 4, ledger_entries: 6 },
  ledger: { balancesByKind: { wallet: "1500", external: "-1500" }, accounts: 4, entries: 6, balancesSha256: "abc" },
  ...overrides,
});

describe("the backup manifest", () => {
  it("finds no difference between equal summaries", () => {
    expect(compareSummaries(summary(), summary())).toEqual([]);
  });

  it("names each table whose rows differ, a missing table, a kind's balance and an account's", () => {
    const restored = summary({
      tables: { users: 3, posts: 5, ledger_accounts: 4 },
      ledger: { balancesByKind: { wallet: "1400", external: "-1500" }, accounts: 4, entries: 6, balancesSha256: "x" },
    });
    expect(compareSummaries(summary(), restored)).toEqual([
      "table ledger_entries is missing",
      "table posts has 5 rows, the backup 6",
      "the wallet accounts hold 1400 cents, the backup 1500",
      "an account's balance differs from the backup's",
    ]);
  });

  it("reads only a Plaza backup of its own version", () => {
    expect(() => parseManifest("not json")).toThrow("the archive's manifest.json is not JSON");
    expect(() => parseManifest("{}")).toThrow("the archive is not a Plaza backup");
    expect(() => parseManifest('{"format":"plaza-backup","version":2}')).toThrow(
      "the archive is a version 2 backup; this Plaza reads version 1",
    );
    expect(parseManifest('{"format":"plaza-backup","version":1}').version).toBe(1);
  });

  it("sums the ledger per kind of account and digests each account's balance", async () => {
    const answers: Record<string, unknown[]> = {
      tables: [{ name: "ledger_accounts" }, { name: "ledger_entries" }],
      count: [{ count: "2" }],
      balances: [
        { id: "a", kind: "wallet", cents: "9007199254740993" },
        { id: "b", kind: "wallet", cents: "7" },
        { id: "c", kind: "external", cents: "-9007199254741000" },
      ],
    };
    const reader = {
      query: async <T>(text: string) => {
        const key = text.includes("pg_tables") ? "tables" : text.includes("left join") ? "balances" : "count";
        return { rows: answers[key] as T[] };
      },
    };
    const result = await summarizeDatabase(reader);
    expect(result.tables).toEqual({ ledger_accounts: 2, ledger_entries: 2 });
    // Sums past 2^53 stay exact (bigint).
    expect(result.ledger.balancesByKind).toEqual({ wallet: "9007199254741000", external: "-9007199254741000" });
    expect(result.ledger.accounts).toBe(3);
    expect(result.ledger.balancesSha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it("refuses a database without Plaza's tables in one sentence", async () => {
    const empty = { query: async <T>() => ({ rows: [] as T[] }) };
    await expect(summarizeDatabase(empty)).rejects.toThrow(
      "The database holds no Plaza town (no ledger tables): is DATABASE_URL or DATA_DIR right?",
    );
  });
});
