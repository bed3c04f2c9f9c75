import { NEXT_CURSOR_HEADER } from "@plaza/contracts/constants";
import { and, type Column, eq, lt, or } from "drizzle-orm";
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
 * Fetch `limit + 1` rows, then call this: it trims the extra row and, when there is a next page,
 * sets the X-Next-Cursor header (CONTRACT "Ground rules": the body stays a JSON array).
 */
export function pageOf<T>(reply: FastifyReply, rows: T[], limit: number, cursorOf: (row: T) => KeysetCursor): T[] {
  if (rows.length <= limit) return rows;
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  if (last) reply.header(NEXT_CURSOR_HEADER, encodeCursor(cursorOf(last)));
  return page;
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

/** pageOf for ranked lists. */
export function rankedPageOf<T>(reply: FastifyReply, rows: T[], limit: number, cursorOf: (row: T) => RankedCursor) {
  if (rows.length <= limit) return rows;
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  if (last) reply.header(NEXT_CURSOR_HEADER, encodeRankedCursor(cursorOf(last)));
  return page;
}
