import { NEXT_CURSOR_HEADER } from "@plaza/contracts/constants";
import { and, type Column, eq, lt, or, type SQL, sql } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import { badRequest } from "./app-error";

/** Position in a list ordered by (createdAt desc, id desc): the last row of the previous page. */
export interface KeysetCursor {
  createdAt: Date;
  id: string;
}

/**
 * The keyset condition of a list ordered by (createdAt desc, id desc): the rows after the cursor's row, none when
 * there is no cursor (the first page). One place for the condition every such list needs.
 */
export function olderThan(cursor: KeysetCursor | null, createdAt: Column, id: Column) {
  if (!cursor) return undefined;
  return or(lt(createdAt, cursor.createdAt), and(eq(createdAt, cursor.createdAt), lt(id, cursor.id)));
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

/**
 * The keyset condition of a list ordered by (`value`, id), both ascending or both descending: the rows after the
 * cursor's row (a row comparison, which a (value, id) index can range over). `castTo` is the SQL type of `value`.
 */
export function afterValue(
  cursor: ValueCursor | null,
  value: SQL | SQL.Aliased | Column,
  id: Column,
  direction: "asc" | "desc",
  castTo: "float8" | "numeric" | "int",
): SQL | undefined {
  if (!cursor) return undefined;
  const bound = sql`(${cursor.value}::${sql.raw(castTo)}, ${cursor.id}::uuid)`;
  return direction === "asc" ? sql`(${value}, ${id}) > ${bound}` : sql`(${value}, ${id}) < ${bound}`;
}

/**
 * Fetch `limit + 1` rows, then call this: it trims the extra row and, when there is a next page, sets the
 * X-Next-Cursor header to `cursorOf(last row of the page)` (docs/PRODUCT.md "Ground rules": the body stays a JSON array).
 */
export function pageWithCursor<T>(reply: FastifyReply, rows: T[], limit: number, cursorOf: (row: T) => string): T[] {
  if (rows.length <= limit) return rows;
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  if (last) reply.header(NEXT_CURSOR_HEADER, cursorOf(last));
  return page;
}

/** pageWithCursor for lists ordered by (createdAt desc, id desc). */
export function pageOf<T>(reply: FastifyReply, rows: T[], limit: number, cursorOf: (row: T) => KeysetCursor): T[] {
  return pageWithCursor(reply, rows, limit, (row) => encodeCursor(cursorOf(row)));
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

/** pageWithCursor for ranked lists. */
export function rankedPageOf<T>(reply: FastifyReply, rows: T[], limit: number, cursorOf: (row: T) => RankedCursor) {
  return pageWithCursor(reply, rows, limit, (row) => encodeRankedCursor(cursorOf(row)));
}
