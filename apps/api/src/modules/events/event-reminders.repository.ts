import type { EventReminder } from "@plaza/contracts/events";
import { and, asc, eq, gt, isNull, lte, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { eventReminders, eventRsvps, events } from "../../db/schema/events";

/** A reminder that is due: who, which event, and what the reminder says. */
export interface DueReminder {
  eventId: string;
  userId: string;
  title: string;
  startsAt: Date;
  timeZone: string;
}

/**
 * Reminders `which` that are due and not sent: people going to a live event starting within (`after`, `until`],
 * who have not had this reminder for it.
 */
export function findDueReminders(
  db: Executor,
  which: EventReminder,
  window: { after: Date; until: Date },
  limit: number,
): Promise<DueReminder[]> {
  return db
    .select({
      eventId: events.id,
      userId: eventRsvps.userId,
      title: events.title,
      startsAt: events.startsAt,
      timeZone: events.timeZone,
    })
    .from(eventRsvps)
    .innerJoin(events, eq(events.id, eventRsvps.eventId))
    .where(
      and(
        eq(eventRsvps.status, "going"),
        isNull(events.cancelledAt),
        gt(events.startsAt, window.after),
        lte(events.startsAt, window.until),
        sql`not exists (select 1 from ${eventReminders} where ${eventReminders.eventId} = ${events.id}
          and ${eventReminders.userId} = ${eventRsvps.userId} and ${eventReminders.which} = ${which})`,
      ),
    )
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(limit);
}

/**
 * Claims one reminder with a single conditional insert: true for the one caller that inserted the row, false for
 * every re-run or other process (the primary key (event, person, which) refuses a second row).
 */
export async function claimReminder(
  db: Executor,
  reminder: { eventId: string; userId: string; which: EventReminder },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .insert(eventReminders)
    .values({ ...reminder, sentAt: now })
    .onConflictDoNothing()
    .returning({ eventId: eventReminders.eventId });
  return rows.length > 0;
}
