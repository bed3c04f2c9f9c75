import { and, asc, eq, gt, inArray, notInArray, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { calendarFeedTokens, type EventRow, eventHosts, eventRsvps, events } from "../../db/schema/events";
import { type EventListRow, selectEvents, toListRow, visibleTo } from "./events.repository";

/** Live feed links an account keeps: past that, the least recently used go. */
const FEED_TOKENS_KEPT = 20;

/** Stores a new feed token's hash and forgets the account's least recently used ones beyond FEED_TOKENS_KEPT. */
export async function insertFeedToken(db: Executor, userId: string, tokenHash: string, now: Date): Promise<void> {
  await db.insert(calendarFeedTokens).values({ tokenHash, userId, createdAt: now });
  const kept = db
    .select({ tokenHash: calendarFeedTokens.tokenHash })
    .from(calendarFeedTokens)
    .where(eq(calendarFeedTokens.userId, userId))
    .orderBy(sql`coalesce(${calendarFeedTokens.lastUsedAt}, ${calendarFeedTokens.createdAt}) desc`)
    .limit(FEED_TOKENS_KEPT);
  await db
    .delete(calendarFeedTokens)
    .where(and(eq(calendarFeedTokens.userId, userId), notInArray(calendarFeedTokens.tokenHash, kept)));
}

/** Forgets every feed token of the account. */
export async function deleteFeedTokens(db: Executor, userId: string): Promise<void> {
  await db.delete(calendarFeedTokens).where(eq(calendarFeedTokens.userId, userId));
}

/** The account a feed token belongs to (marking it used), or undefined for an unknown or rotated token. */
export async function useFeedToken(db: Executor, tokenHash: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .update(calendarFeedTokens)
    .set({ lastUsedAt: now })
    .where(eq(calendarFeedTokens.tokenHash, tokenHash))
    .returning({ userId: calendarFeedTokens.userId });
  return row?.userId;
}

/** The events (at most `limit`) the account is going to or hosts that end after `since`, soonest first. */
export async function listFeedEvents(
  db: Executor,
  userId: string,
  since: Date,
  limit: number,
): Promise<EventListRow[]> {
  const rows = await selectEvents(db, userId)
    .where(
      and(
        visibleTo(userId),
        gt(events.endsAt, since),
        or(
          eq(eventRsvps.status, "going"),
          sql`exists (select 1 from ${eventHosts} where ${eventHosts.eventId} = ${events.id}
            and ${eventHosts.userId} = ${userId} and ${eventHosts.isAccepted})`,
        ),
      ),
    )
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(limit);
  return rows.map(toListRow);
}

/** Every occurrence of the series, in order. */
export function listSeriesRows(db: Executor, seriesIds: string[]): Promise<EventRow[]> {
  if (seriesIds.length === 0) return Promise.resolve([]);
  return db.select().from(events).where(inArray(events.seriesId, seriesIds)).orderBy(asc(events.occurrenceStartsAt));
}
