import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { blocks } from "../../db/schema/blocks";
import { eventHosts, events } from "../../db/schema/events";
import { users } from "../../db/schema/users";

/**
 * Of `userIds`, those an event of `actorId` may name (as co-hosts or guests): existing accounts, not suspended, with
 * no block either way with the actor.
 */
export async function findReachableUserIds(db: Executor, actorId: string, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(users.id, userIds),
        eq(users.isSuspended, false),
        sql`not exists (select 1 from ${blocks} where (${blocks.blockerId} = ${users.id} and ${blocks.blockedId} = ${actorId})
          or (${blocks.blockerId} = ${actorId} and ${blocks.blockedId} = ${users.id}))`,
      ),
    );
  return rows.map((row) => row.id);
}

/** The co-hosts (accepted or asked) of an event: every host but its creator. */
export async function listCoHostIds(db: Executor, eventId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: eventHosts.userId })
    .from(eventHosts)
    .innerJoin(events, eq(events.id, eventHosts.eventId))
    .where(and(eq(eventHosts.eventId, eventId), ne(eventHosts.userId, events.creatorId)));
  return rows.map((row) => row.userId);
}

/** Stops `userIds` co-hosting the events. */
export async function deleteHosts(db: Executor, eventIds: string[], userIds: string[]): Promise<void> {
  if (eventIds.length === 0 || userIds.length === 0) return;
  await db.delete(eventHosts).where(and(inArray(eventHosts.eventId, eventIds), inArray(eventHosts.userId, userIds)));
}

/** The events among `eventIds` where `userId` was asked to co-host and has not accepted yet. */
export async function listPendingHostEventIds(db: Executor, eventIds: string[], userId: string): Promise<string[]> {
  if (eventIds.length === 0) return [];
  const rows = await db
    .select({ eventId: eventHosts.eventId })
    .from(eventHosts)
    .where(and(inArray(eventHosts.eventId, eventIds), eq(eventHosts.userId, userId), eq(eventHosts.isAccepted, false)));
  return rows.map((row) => row.eventId);
}

/** Accepts the co-hosting of `userId` on the events. */
export async function acceptHosts(db: Executor, eventIds: string[], userId: string): Promise<void> {
  if (eventIds.length === 0) return;
  await db
    .update(eventHosts)
    .set({ isAccepted: true })
    .where(and(inArray(eventHosts.eventId, eventIds), eq(eventHosts.userId, userId)));
}
