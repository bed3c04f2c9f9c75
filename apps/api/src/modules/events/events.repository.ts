import { and, asc, eq, gt, gte, ilike, inArray, isNull, lt, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Executor, Transaction } from "../../db/client";
import { containsPattern } from "../../db/like";
import { blocks } from "../../db/schema/blocks";
import { businesses } from "../../db/schema/businesses";
import {
  type EventRow,
  type EventRsvpRow,
  eventHosts,
  eventInvitations,
  eventRsvps,
  events,
  eventTickets,
} from "../../db/schema/events";
import { follows } from "../../db/schema/follows";
import { users } from "../../db/schema/users";
import { encodeCursor, type KeysetCursor } from "../../lib/cursor";
import { boundingBox, distanceInMetersSql, type Position, withinBoxSql } from "../../lib/geo";
import { oldestFirst, type PageRequest, paginate } from "../../lib/paginate";

/** An event with what its view needs besides its hosts: its business and the viewer's answer and place in line. */
export interface EventListRow {
  event: EventRow;
  business: { name: string; address: string; latitude: number | null; longitude: number | null } | null;
  rsvp: EventRsvpRow["status"] | null;
  waitlistPosition: number | null;
  /** The viewer's valid ticket. */
  ticket: { id: string; code: string } | null;
  /** The viewer was asked to co-host it and has not accepted yet. */
  isAskedToCoHost: boolean;
}

/** A host of an event as its view names them. */
export interface EventHostRow {
  eventId: string;
  id: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
  profileType: string;
}

const acceptedHostOf = sql`${eventHosts.eventId} = ${events.id} and ${eventHosts.isAccepted}`;

/**
 * SQL condition: the viewer may see the event (CONTRACT.md "Events"): no block either way with any of its hosts,
 * and it is public, or the viewer hosts it (or was asked to), or it is followers-only and they follow a host, or invite-only and they
 * were invited. Signed out (null): public events only.
 */
export function visibleTo(viewerId: string | null): SQL {
  if (viewerId === null) return sql`${events.visibility} = 'public'`;
  return sql`(not exists (select 1 from ${eventHosts} join ${blocks} on (${blocks.blockerId} = ${eventHosts.userId}
      and ${blocks.blockedId} = ${viewerId}) or (${blocks.blockedId} = ${eventHosts.userId}
      and ${blocks.blockerId} = ${viewerId}) where ${acceptedHostOf})
    and (${events.visibility} = 'public'
      or exists (select 1 from ${eventHosts} where ${eventHosts.eventId} = ${events.id}
        and ${eventHosts.userId} = ${viewerId})
      or (${events.visibility} = 'followers' and exists (select 1 from ${eventHosts} join ${follows}
        on ${follows.followingId} = ${eventHosts.userId} and ${follows.followerId} = ${viewerId} where ${acceptedHostOf}))
      or (${events.visibility} = 'invite' and exists (select 1 from ${eventInvitations}
        where ${eventInvitations.eventId} = ${events.id} and ${eventInvitations.userId} = ${viewerId}))))`;
}

/** SQL: the viewer's place in the event's waitlist (1 = next), null when they are not on it. */
function waitlistPositionOf(viewerId: string | null) {
  if (viewerId === null) return sql<number | null>`null::int`;
  return sql<number | null>`(select count(*)::int from ${eventRsvps} as line where line.event_id = ${events.id}
    and line.status = 'waitlisted' and line.waitlist_order <= (select mine.waitlist_order from ${eventRsvps} as mine
    where mine.event_id = ${events.id} and mine.user_id = ${viewerId} and mine.status = 'waitlisted'))`;
}

export function selectEvents(db: Executor, viewerId: string | null) {
  return db
    .select({
      event: events,
      businessName: businesses.name,
      businessAddress: businesses.address,
      businessLatitude: businesses.latitude,
      businessLongitude: businesses.longitude,
      rsvp: viewerId === null ? sql<EventRsvpRow["status"] | null>`null` : eventRsvps.status,
      waitlistPosition: waitlistPositionOf(viewerId),
      ticketId: eventTickets.id,
      ticketCode: eventTickets.code,
      isAskedToCoHost:
        viewerId === null
          ? sql<boolean>`false`
          : sql<boolean>`exists (select 1 from ${eventHosts} where ${eventHosts.eventId} = ${events.id}
              and ${eventHosts.userId} = ${viewerId} and not ${eventHosts.isAccepted})`,
    })
    .from(events)
    .leftJoin(businesses, eq(businesses.id, events.businessId))
    .leftJoin(
      eventRsvps,
      viewerId === null ? sql`false` : and(eq(eventRsvps.eventId, events.id), eq(eventRsvps.userId, viewerId)),
    )
    .leftJoin(
      eventTickets,
      viewerId === null
        ? sql`false`
        : and(eq(eventTickets.eventId, events.id), eq(eventTickets.userId, viewerId), isNull(eventTickets.voidedAt)),
    );
}

type SelectedEvent = Awaited<ReturnType<ReturnType<typeof selectEvents>["execute"]>>[number];

export function toListRow(row: SelectedEvent): EventListRow {
  const position = row.waitlistPosition === null ? null : Number(row.waitlistPosition);
  return {
    event: row.event,
    business:
      row.businessName === null
        ? null
        : {
            name: row.businessName,
            address: row.businessAddress ?? "",
            latitude: row.businessLatitude,
            longitude: row.businessLongitude,
          },
    rsvp: row.rsvp,
    waitlistPosition: position,
    ticket: row.ticketId && row.ticketCode ? { id: row.ticketId, code: row.ticketCode } : null,
    isAskedToCoHost: row.isAskedToCoHost === true,
  };
}

/** The event as `viewerId` sees it, or undefined when it does not exist or they may not see it. */
export async function findVisibleEvent(
  db: Executor,
  eventId: string,
  viewerId: string | null,
): Promise<EventListRow | undefined> {
  const [row] = await selectEvents(db, viewerId)
    .where(and(eq(events.id, eventId), visibleTo(viewerId)))
    .limit(1);
  return row ? toListRow(row) : undefined;
}

export interface EventFilters {
  viewerId: string | null;
  from: Date;
  to: Date | null;
  category?: EventRow["category"];
  hostId?: string;
  businessId?: string;
  mine?: "going" | "hosting";
  /** Only events within `radiusMeters` of `centre` (a business place: where the business is). */
  near?: { centre: Position; radiusMeters: number };
}

/**
 * SQL: the event is within the circle. An address place has its own position, a business place the business's:
 * each is narrowed by the bounding box the lat/lng indexes range over, then the exact haversine decides.
 */
function nearSql(near: NonNullable<EventFilters["near"]>): SQL {
  const { centre, radiusMeters } = near;
  const box = boundingBox(centre, radiusMeters);
  const within = (latitude: AnyPgColumn, longitude: AnyPgColumn) =>
    and(
      ...withinBoxSql(latitude, longitude, box),
      sql`${distanceInMetersSql(latitude, longitude, centre)} <= ${radiusMeters}::float8`,
    );
  return sql`((${events.businessId} is null and ${within(events.latitude, events.longitude)})
    or (${events.businessId} is not null and ${within(businesses.latitude, businesses.longitude)}))`;
}

const soonestFirst = oldestFirst(events.startsAt, events.id);

/** Upcoming events the viewer may see, soonest first; cancelled ones only in the viewer's own lists. */
export function listEvents(db: Executor, filters: EventFilters, page: PageRequest<KeysetCursor>) {
  const { viewerId } = filters;
  const conditions = [
    visibleTo(viewerId),
    gt(events.endsAt, filters.from),
    filters.to ? lt(events.startsAt, filters.to) : undefined,
    filters.mine ? undefined : isNull(events.cancelledAt),
    filters.category ? eq(events.category, filters.category) : undefined,
    filters.near ? nearSql(filters.near) : undefined,
    filters.businessId ? eq(events.businessId, filters.businessId) : undefined,
    // A business's page lists only the events its owner hosts or co-hosts (CONTRACT.md "Events").
    filters.businessId
      ? sql`exists (select 1 from ${eventHosts} join ${businesses} as place on place.owner_id = ${eventHosts.userId}
          where ${acceptedHostOf} and place.id = ${events.businessId})`
      : undefined,
    filters.hostId
      ? sql`exists (select 1 from ${eventHosts} where ${acceptedHostOf} and ${eventHosts.userId} = ${filters.hostId})`
      : undefined,
    filters.mine === "going" && viewerId ? eq(eventRsvps.status, "going") : undefined,
    filters.mine === "hosting" && viewerId
      ? sql`exists (select 1 from ${eventHosts} where ${acceptedHostOf} and ${eventHosts.userId} = ${viewerId})`
      : undefined,
  ];
  return paginate(
    page,
    soonestFirst,
    async ({ after, orderBy, limit }) =>
      (
        await selectEvents(db, viewerId)
          .where(and(...conditions, after))
          .orderBy(...orderBy)
          .limit(limit)
      ).map(toListRow),
    (row) => encodeCursor({ createdAt: row.event.startsAt, id: row.event.id }),
  );
}

/** Upcoming events the viewer may see whose title contains the text (the trigram index), soonest first. */
export async function searchEventRows(
  db: Executor,
  viewerId: string,
  text: string,
  now: Date,
  limit: number,
): Promise<EventListRow[]> {
  const rows = await selectEvents(db, viewerId)
    .where(
      and(
        visibleTo(viewerId),
        isNull(events.cancelledAt),
        gt(events.endsAt, now),
        ilike(events.title, containsPattern(text)),
      ),
    )
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(limit);
  return rows.map(toListRow);
}

/** The accepted hosts of the events, creator first. */
export function listHosts(db: Executor, eventIds: string[]): Promise<EventHostRow[]> {
  if (eventIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      eventId: eventHosts.eventId,
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      profileType: users.profileType,
    })
    .from(eventHosts)
    .innerJoin(users, eq(users.id, eventHosts.userId))
    .innerJoin(events, eq(events.id, eventHosts.eventId))
    .where(and(inArray(eventHosts.eventId, eventIds), eq(eventHosts.isAccepted, true)))
    .orderBy(sql`${eventHosts.userId} = ${events.creatorId} desc`, asc(eventHosts.createdAt));
}

export async function isHostOf(db: Executor, eventId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(eventHosts)
    .where(and(eq(eventHosts.eventId, eventId), eq(eventHosts.userId, userId), eq(eventHosts.isAccepted, true)))
    .limit(1);
  return row !== undefined;
}

export function insertEvents(db: Executor, values: (typeof events.$inferInsert)[]): Promise<EventRow[]> {
  return db.insert(events).values(values).returning();
}

export async function insertHosts(db: Executor, values: (typeof eventHosts.$inferInsert)[]): Promise<void> {
  await db.insert(eventHosts).values(values).onConflictDoNothing();
}

export async function findEventById(db: Executor, id: string): Promise<EventRow | undefined> {
  const [row] = await db.select().from(events).where(eq(events.id, id)).limit(1);
  return row;
}

/** The occurrences of a series from `from` on (all of it without), in order. */
export function listSeries(db: Executor, seriesId: string, from?: Date): Promise<EventRow[]> {
  return db
    .select()
    .from(events)
    .where(and(eq(events.seriesId, seriesId), from ? gte(events.occurrenceStartsAt, from) : undefined))
    .orderBy(asc(events.occurrenceStartsAt));
}

export async function updateEvent(db: Executor, id: string, values: Partial<typeof events.$inferInsert>) {
  const [row] = await db.update(events).set(values).where(eq(events.id, id)).returning();
  return row;
}

/**
 * Locks the event's row for the rest of the transaction (`SELECT … FOR UPDATE`): RSVPs, promotions and capacity
 * changes of one event queue on it, so seats and places in line are handed out one at a time.
 */
export async function lockEvent(tx: Transaction, id: string): Promise<EventRow | undefined> {
  const [row] = await tx.select().from(events).where(eq(events.id, id)).for("update");
  return row;
}

export async function findRsvp(db: Executor, eventId: string, userId: string): Promise<EventRsvpRow | undefined> {
  const [row] = await db
    .select()
    .from(eventRsvps)
    .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.userId, userId)))
    .limit(1);
  return row;
}

export async function saveRsvp(
  db: Executor,
  values: { eventId: string; userId: string; status: EventRsvpRow["status"]; waitlistOrder: number | null; now: Date },
): Promise<void> {
  const { now, ...fields } = values;
  await db
    .insert(eventRsvps)
    .values({ ...fields, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [eventRsvps.eventId, eventRsvps.userId],
      set: { status: fields.status, waitlistOrder: fields.waitlistOrder, updatedAt: now },
    });
}

/** The first `count` people on the waitlist, in arrival order. */
export function firstWaitlisted(db: Executor, eventId: string, count: number) {
  return db
    .select({ userId: eventRsvps.userId })
    .from(eventRsvps)
    .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.status, "waitlisted")))
    .orderBy(asc(eventRsvps.waitlistOrder))
    .limit(count);
}

/** Places in line of a waitlisted person: how many joined before them, plus one. */
export async function waitlistPosition(db: Executor, eventId: string, order: number): Promise<number> {
  const [row] = await db
    .select({ position: sql<number>`count(*)::int` })
    .from(eventRsvps)
    .where(
      and(
        eq(eventRsvps.eventId, eventId),
        eq(eventRsvps.status, "waitlisted"),
        sql`${eventRsvps.waitlistOrder} <= ${order}`,
      ),
    );
  return Number(row?.position ?? 0);
}

/** Who is going to any of the events (to notify them). */
export async function listGoingUserIds(
  db: Executor,
  eventIds: string[],
): Promise<{ eventId: string; userId: string }[]> {
  if (eventIds.length === 0) return [];
  return db
    .select({ eventId: eventRsvps.eventId, userId: eventRsvps.userId })
    .from(eventRsvps)
    .where(and(inArray(eventRsvps.eventId, eventIds), eq(eventRsvps.status, "going")));
}

/** Invites the people to the event; answers those who were not invited before. */
export async function insertInvitations(
  db: Executor,
  eventId: string,
  userIds: string[],
  now: Date,
): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .insert(eventInvitations)
    .values(userIds.map((userId) => ({ eventId, userId, createdAt: now })))
    .onConflictDoNothing()
    .returning({ userId: eventInvitations.userId });
  return rows.map((row) => row.userId);
}
