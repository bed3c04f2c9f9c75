import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { PgDialect, pgTable, timestamp, uuid } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor, type KeysetCursor } from "./cursor";
import { type Keyset, keysetOrder, newestFirst, oldestFirst, type PageWindow, paginate } from "./paginate";

const dialect = new PgDialect();
const table = pgTable("t", { createdAt: timestamp("created_at", { withTimezone: true }), id: uuid("id") });
const ids = Array.from({ length: 5 }, (_, index) => `0b7c1f7e-5c5e-4d8a-9b59-3c3a1e1d2f0${index}`);
const rows = ids.map((id, index) => ({ id, createdAt: new Date(Date.UTC(2026, 0, 10 - index)) }));

describe("paginate", () => {
  it("fetches one row more than the page, cuts the page and makes its last row the next cursor", async () => {
    const windows: PageWindow[] = [];
    const page = await paginate(
      { limit: 2, cursor: null },
      newestFirst(table.createdAt, table.id),
      async (window) => {
        windows.push(window);
        return rows.slice(0, window.limit);
      },
      encodeCursor,
    );
    expect(windows[0]?.limit).toBe(3);
    expect(windows[0]?.after).toBeUndefined();
    expect(page.items).toEqual(rows.slice(0, 2));
    expect(decodeCursor(page.nextCursor ?? undefined)).toEqual(rows[1]);
  });

  it("has no next cursor when the extra row is not there", async () => {
    const page = await paginate({ limit: 5, cursor: null }, null, async () => rows, encodeCursor);
    expect(page).toEqual({ items: rows, nextCursor: null });
  });

  it("gives the query the keyset condition after the cursor and the list's order", async () => {
    let window: PageWindow | undefined;
    const cursor = { createdAt: new Date("2026-01-02T03:04:05.678Z"), id: ids[0] as string };
    await paginate(
      { limit: 20, cursor },
      newestFirst(table.createdAt, table.id),
      async (given) => {
        window = given;
        return [];
      },
      encodeCursor,
    );
    if (!window?.after) throw new Error("no keyset condition");
    const after = dialect.sqlToQuery(window.after);
    expect(after.sql).toBe('("t"."created_at", "t"."id") < ($1::timestamptz, $2::uuid)');
    expect(after.params).toEqual(["2026-01-02T03:04:05.678Z", ids[0]]);
  });

  it("orders by every key in the list's direction, nulls last when the list's index says so", () => {
    const text = (keyset: Keyset<KeysetCursor>) => keysetOrder(keyset).map((term) => dialect.sqlToQuery(term).sql);
    expect(text(newestFirst(table.createdAt, table.id))).toEqual(['"t"."created_at" desc', '"t"."id" desc']);
    expect(text(oldestFirst(table.createdAt, table.id))).toEqual(['"t"."created_at" asc', '"t"."id" asc']);
    expect(text(newestFirst(table.createdAt, table.id, { nullsLast: true }))).toEqual([
      '"t"."created_at" desc nulls last',
      '"t"."id" desc nulls last',
    ]);
  });
});

describe("paging lives in one place", () => {
  const root = join(__dirname, "..");
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sources(path);
      return entry.name.endsWith(".ts") ? [path] : [];
    });

  it("no source file under apps/api/src but lib/paginate.ts adds the extra row to a limit", () => {
    const offenders = sources(root)
      .filter((path) => relative(root, path) !== join("lib", "paginate.ts"))
      .filter((path) => /limit\s*\+\s*1\b/.test(readFileSync(path, "utf8")))
      .map((path) => relative(root, path));
    expect(offenders).toEqual([]);
  });
});
