import { NEXT_CURSOR_HEADER } from "@plaza/contracts/constants";
import { type Column, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import { badRequest } from "./app-error";

/** Position in a list ordered by (createdAt desc, id desc): the last row of the previous page. */
export interface KeysetCursor {
  createdAt: Date;
  id: string;
}

export type SortDirection = "asc" | "desc";

/** The SQL type a cursor value is cast to, so PostgreSQL compares it as the column's type. */
export type KeyType = "timestamptz" | "uuid" | "float4" | "float8" | "numeric" | "int";

/** One sort column of a keyset list and the cursor row's value in it (a Placeholder in a prepared statement). */
export interface KeysetKey {
  column: Column | SQL | SQL.Aliased;
  value: Date | string | number | Placeholder;
  type: KeyType;
}

/**
 * The keyset condition of a list ordered by `keys`, all in `direction`: the rows strictly after the cursor's row,
 * written as one row comparison `(a, b) < (x, y)` (`>` ascending), which a matching index can range over. The one
 * place every list's "next page" condition is built.
 */
export function keysetAfter(direction: SortDirection, keys: readonly KeysetKey[]): SQL {
  const columns = sql.join(
    keys.map((key) => sql`${key.column}`),
    sql`, `,
  );
  const bound = sql.join(
    keys.map((key) => {
      const value = key.value instanceof Date ? key.value.toISOString() : key.value;
      return sql`${value}::${sql.raw(key.type)}`;
    }),
    sql`, `,
  );
  return direction === "asc" ? sql`(${columns}) > (${bound})` : sql`(${columns}) < (${bound})`;
}

/**
 * The keyset condition of a list ordered by (createdAt desc, id desc), `id` being any uuid column that breaks ties
 * (the row's id, or the other user's id in a list of people): none on the first page (no cursor).
 */
export function olderThan(
  cursor: KeysetCursor | { createdAt: Placeholder; id: Placeholder } | null,
  createdAt: Column | SQL,
  id: Column | SQL,
): SQL | undefined {
  if (!cursor) return undefined;
  return keysetAfter("desc", [
    { column: createdAt, value: cursor.createdAt, type: "timestamptz" },
    { column: id, value: cursor.id, type: "uuid" },
  ]);
}

/**
 * A row id as PostgreSQL prints a uuid: anything else in a cursor is refused as a bad cursor, before it reaches the
 * database.
 */
const ROW_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isRowId(value: string | undefined): value is string {
  return value !== undefined && ROW_ID.test(value);
}

export function encodeCursor(cursor: KeysetCursor): string {
  return Buffer.from(`${cursor.createdAt.toISOString()}|${cursor.id}`).toString("base64url");
}

/** Decodes `?cursor=`; a tampered or foreign cursor is a 400, never a 500. */
export function decodeCursor(value: string | undefined): KeysetCursor | null {
  if (!value) return null;
  const [iso, id] = Buffer.from(value, "base64url").toString("utf8").split("|");
  const createdAt = new Date(iso ?? "");
  if (!isRowId(id) || Number.isNaN(createdAt.getTime())) {
    throw badRequest("Invalid cursor", "cursor");
  }
  return { createdAt, id };
}

/**
 * Position in a list ordered by a number, then id (nearest first, best rated, most friends' visits): the last row
 * of the previous page. `order` is the list's name, written into the cursor so a cursor of one order is refused
 * by another (400) instead of silently skipping rows.
 */
export interface ValueCursor {
  order: string;
  value: number;
  id: string;
}

export function encodeValueCursor(cursor: ValueCursor): string {
  return Buffer.from(`${cursor.order}|${cursor.value}|${cursor.id}`).toString("base64url");
}

/** Decodes `?cursor=` of a list in `order`; a tampered cursor or one of another order is a 400, never a 500. */
export function decodeValueCursor(order: string, value: string | undefined): ValueCursor | null {
  if (!value) return null;
  const [tag, number, id] = Buffer.from(value, "base64url").toString("utf8").split("|");
  const parsed = Number(number);
  if (tag !== order || number === "" || !Number.isFinite(parsed) || !isRowId(id)) {
    throw badRequest("Invalid cursor", "cursor");
  }
  return { order, value: parsed, id };
}

/** One page of a list: its items and the cursor of the next page (null on the last page). */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * The page of `rows` fetched with one row more than `limit` (lib/paginate; the extra row only tells that there is a
 * next page): the first `limit` rows, and `cursorOf(last of them)` when there is more.
 */
export function toPage<T>(rows: T[], limit: number, cursorOf: (row: T) => string): Page<T> {
  if (rows.length <= limit) return { items: rows, nextCursor: null };
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: last === undefined ? null : cursorOf(last) };
}

/** The page with each item made a view. */
export function mapPage<T, U>(page: Page<T>, view: (item: T) => U): Page<U> {
  return { items: page.items.map(view), nextCursor: page.nextCursor };
}

/**
 * The X-Next-Cursor header of a page on the wire (`page(...)` in lib/route.ts; the body stays a JSON array,
 * docs/PRODUCT.md "Ground rules") or of an answer that pages one of its parts (search's posts); absent on the last
 * page.
 */
export function setNextCursor(reply: FastifyReply, nextCursor: string | null): void {
  if (nextCursor !== null) reply.header(NEXT_CURSOR_HEADER, nextCursor);
}

/** Position in a ranked list (rank desc, then createdAt desc, id desc): search results. */
export interface RankedCursor extends KeysetCursor {
  rank: number;
}

export function encodeRankedCursor(cursor: RankedCursor): string {
  return Buffer.from(`${cursor.rank}|${cursor.createdAt.toISOString()}|${cursor.id}`).toString("base64url");
}

/** Decodes a ranked `?cursor=`; a tampered or foreign one is a 400. */
export function decodeRankedCursor(value: string | undefined): RankedCursor | null {
  if (!value) return null;
  const [rankText, iso, id] = Buffer.from(value, "base64url").toString("utf8").split("|");
  const rank = Number(rankText);
  const createdAt = new Date(iso ?? "");
  if (!rankText || !Number.isFinite(rank) || !isRowId(id) || Number.isNaN(createdAt.getTime())) {
    throw badRequest("Invalid cursor", "cursor");
  }
  return { rank, createdAt, id };
}
