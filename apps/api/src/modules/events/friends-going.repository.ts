import { and, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { eventRsvps } from "../../db/schema/events";
import { follows } from "../../db/schema/follows";
import { users } from "../../db/schema/users";

/** People an event view names among the viewer's friends going (the count covers them all). */
export const FRIENDS_GOING_SHOWN = 5;

/** One person the viewer follows who is going to an event. */
export interface FriendGoingRow {
  eventId: string;
  id: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
}

/** The viewer's friends going to each event: the first few named, and how many there are in all. */
export interface FriendsGoing {
  people: FriendGoingRow[];
  count: number;
}

/**
 * People the viewer follows who are going to any of the events: one query for a whole page of events (the
 * viewer's follows by their index, each RSVP by its primary key), at most FRIENDS_GOING_SHOWN named per event,
 * the newest answers first, with each event's full count beside them.
 */
export async function listFriendsGoing(
  db: Executor,
  viewerId: string | null,
  eventIds: string[],
): Promise<Map<string, FriendsGoing>> {
  const byEvent = new Map<string, FriendsGoing>();
  if (viewerId === null || eventIds.length === 0) return byEvent;
  const ranked = db
    .select({
      eventId: eventRsvps.eventId,
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
      rank: sql<number>`row_number() over (partition by ${eventRsvps.eventId}
        order by ${eventRsvps.updatedAt} desc, ${users.id})`.as("rank"),
      total: sql<number>`count(*) over (partition by ${eventRsvps.eventId})`.as("total"),
    })
    .from(follows)
    .innerJoin(eventRsvps, eq(eventRsvps.userId, follows.followingId))
    .innerJoin(users, eq(users.id, follows.followingId))
    .where(
      and(
        eq(follows.followerId, viewerId),
        inArray(eventRsvps.eventId, eventIds),
        eq(eventRsvps.status, "going"),
        eq(users.isDeleted, false),
      ),
    )
    .as("ranked");
  const rows = await db
    .select()
    .from(ranked)
    .where(sql`${ranked.rank} <= ${FRIENDS_GOING_SHOWN}`)
    .orderBy(ranked.eventId, ranked.rank);
  for (const { rank: _rank, total, ...person } of rows) {
    const entry = byEvent.get(person.eventId) ?? { people: [], count: Number(total) };
    entry.people.push(person);
    byEvent.set(person.eventId, entry);
  }
  return byEvent;
}
