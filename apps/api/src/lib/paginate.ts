/**
 * The one place a list is paged (docs/decisions/0004-feed-and-search.md "Lists"): it builds the keyset condition and the ORDER BY
 * from the list's sort keys, fetches one row more than the page (the extra row only tells that there is a next
 * page), cuts the page and builds the next cursor. Every list goes through `paginate`; no other file fetches
 * "limit + one" rows (lib/paginate.test.ts checks it).
 */
import { asc, type Column, desc, type Placeholder, type SQL, sql } from "drizzle-orm";
import {
  type KeysetCursor,
  type KeyType,
  keysetAfter,
  type Page,
  type SortDirection,
  toPage,
  type ValueCursor,
} from "./cursor";

/** One sort column of a list. */
export interface SortKey {
  column: Column | SQL | SQL.Aliased;
  /** The SQL type a cursor value is cast to, so PostgreSQL compares it as the column's type. */
  type: KeyType;
}

/**
 * How a list is ordered: its keys, all in one direction (so the keyset condition is one row comparison a
 * matching index ranges over), whether the ORDER BY says "nulls last" as the list's index does, and the values of a
 * cursor in the keys' order.
 */
export interface Keyset<C> {
  direction: SortDirection;
  keys: readonly SortKey[];
  nullsLast?: boolean;
  valuesOf: (cursor: C) => readonly (Date | string | number | Placeholder)[];
}

/** What a list's query gets from paginate: the keyset condition (none on the first page), its order and its limit. */
export interface PageWindow {
  after: SQL | undefined;
  orderBy: SQL[];
  limit: number;
}

/** A page asked for: its length and the decoded cursor of the previous page's last row (null: the first page). */
export interface PageRequest<C> {
  limit: number;
  cursor: C | null;
}

/** Ordered by (createdAt desc, id desc), `id` being any uuid column that breaks ties: most lists. */
export function newestFirst(
  createdAt: Column | SQL,
  id: Column | SQL,
  options: { nullsLast?: boolean } = {},
): Keyset<KeysetCursor> {
  return {
    direction: "desc",
    keys: [
      { column: createdAt, type: "timestamptz" },
      { column: id, type: "uuid" },
    ],
    nullsLast: options.nullsLast,
    valuesOf: (cursor) => [cursor.createdAt, cursor.id],
  };
}

/** Ordered by (createdAt asc, id asc): comments, a conversation's messages oldest first. */
export function oldestFirst(createdAt: Column | SQL, id: Column | SQL): Keyset<KeysetCursor> {
  return { ...newestFirst(createdAt, id), direction: "asc" };
}

/** Ordered by (a number, id), both `direction`: nearest first, best rated. */
export function byValue(
  value: Column | SQL | SQL.Aliased,
  id: Column | SQL,
  direction: SortDirection,
  castTo: "float8" | "numeric" | "int" | "float4",
): Keyset<ValueCursor> {
  return {
    direction,
    keys: [
      { column: value, type: castTo },
      { column: id, type: "uuid" },
    ],
    valuesOf: (cursor) => [cursor.value, cursor.id],
  };
}

/** The keyset condition of `keyset` after `cursor`: none on the first page. */
export function keysetCondition<C>(keyset: Keyset<C>, cursor: C | null): SQL | undefined {
  if (cursor === null) return undefined;
  const values = keyset.valuesOf(cursor);
  return keysetAfter(
    keyset.direction,
    keyset.keys.map((key, index) => ({ ...key, value: values[index] as Date | string | number | Placeholder })),
  );
}

/** The ORDER BY of `keyset`, one term per key. */
export function keysetOrder<C>(keyset: Keyset<C>): SQL[] {
  return keyset.keys.map((key) => {
    const column = key.column as Column | SQL;
    if (keyset.nullsLast) {
      return keyset.direction === "asc" ? sql`${column} asc nulls last` : sql`${column} desc nulls last`;
    }
    return keyset.direction === "asc" ? asc(column) : desc(column);
  });
}

/** The rows to fetch for a page of `limit`: one more, which only tells that there is a next page. */
export function rowsToFetch(limit: number): number {
  return limit + 1;
}

/**
 * One page of a list. `fetch` runs the list's query with the window: its keyset condition (`after`, undefined on the
 * first page), its ORDER BY and the number of rows to fetch; `cursorOf` makes the last row of the page the next
 * page's cursor. A list whose query binds the cursor itself (a prepared statement: the feed, messages) passes
 * `keyset: null` and builds its condition with keysetAfter/olderThan and its placeholders; it still gets its limit
 * from here.
 */
export async function paginate<Row, C>(
  page: PageRequest<C>,
  keyset: Keyset<C> | null,
  fetch: (window: PageWindow) => Promise<Row[]>,
  cursorOf: (row: Row) => string,
): Promise<Page<Row>> {
  const rows = await fetch(pageWindow(page, keyset));
  return toPage(rows, page.limit, cursorOf);
}

/** The window paginate gives a list's query (for a test that EXPLAINs the query of a page). */
export function pageWindow<C>(page: PageRequest<C>, keyset: Keyset<C> | null): PageWindow {
  return {
    after: keyset ? keysetCondition(keyset, page.cursor) : undefined,
    orderBy: keyset ? keysetOrder(keyset) : [],
    limit: rowsToFetch(page.limit),
  };
}
