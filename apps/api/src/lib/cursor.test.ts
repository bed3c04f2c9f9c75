import type { SQL } from "drizzle-orm";
import { PgDialect, pgTable, timestamp, uuid } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { AppError } from "./app-error";
import { decodeCursor, encodeCursor, keysetAfter, mapPage, olderThan, toPage } from "./cursor";

describe("keyset cursor", () => {
  it("round-trips a position", () => {
    const cursor = { createdAt: new Date("2026-01-02T03:04:05.678Z"), id: "0b7c1f7e-5c5e-4d8a-9b59-3c3a1e1d2f00" };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
  });

  it("answers a tampered cursor with a 400 error", () => {
    expect(() => decodeCursor("not-a-cursor")).toThrow(AppError);
    const notAnId = Buffer.from(`2026-01-02T03:04:05.678Z|${"-".repeat(36)}`).toString("base64url");
    expect(() => decodeCursor(notAnId)).toThrow(AppError);
    expect(decodeCursor(undefined)).toBeNull();
  });
});

describe("keysetAfter", () => {
  const dialect = new PgDialect();
  const table = pgTable("t", { createdAt: timestamp("created_at", { withTimezone: true }), id: uuid("id") });
  const at = new Date("2026-01-02T03:04:05.678Z");
  const id = "0b7c1f7e-5c5e-4d8a-9b59-3c3a1e1d2f00";

  it("compares the sort columns as one row, < for a descending list and > for an ascending one", () => {
    const keys = [
      { column: table.createdAt, value: at, type: "timestamptz" as const },
      { column: table.id, value: id, type: "uuid" as const },
    ];
    const descending = dialect.sqlToQuery(keysetAfter("desc", keys));
    expect(descending.sql).toBe('("t"."created_at", "t"."id") < ($1::timestamptz, $2::uuid)');
    expect(descending.params).toEqual([at.toISOString(), id]);
    expect(dialect.sqlToQuery(keysetAfter("asc", keys)).sql).toBe(
      '("t"."created_at", "t"."id") > ($1::timestamptz, $2::uuid)',
    );
  });

  it("adds no condition on the first page", () => {
    expect(olderThan(null, table.createdAt, table.id)).toBeUndefined();
    expect(dialect.sqlToQuery(olderThan({ createdAt: at, id }, table.createdAt, table.id) as SQL).sql).toContain(" < ");
  });
});

describe("toPage", () => {
  const cursorOf = (row: number) => `after-${row}`;

  it("trims the extra row and names the last row of the page as the next cursor", () => {
    expect(toPage([1, 2, 3], 2, cursorOf)).toEqual({ items: [1, 2], nextCursor: "after-2" });
  });

  it("has no next cursor on the last page", () => {
    expect(toPage([1, 2], 2, cursorOf)).toEqual({ items: [1, 2], nextCursor: null });
    expect(toPage([], 2, cursorOf)).toEqual({ items: [], nextCursor: null });
  });

  it("presents the items and keeps the cursor", () => {
    expect(mapPage({ items: [1, 2], nextCursor: "x" }, String)).toEqual({ items: ["1", "2"], nextCursor: "x" });
  });
});
