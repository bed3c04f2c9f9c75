import { EVENT_REMINDER_LEAD_MS, EVENT_REMINDERS } from "@plaza/contracts/events";
import type { AppContext } from "../../app-context";
import { inTransaction } from "../../lib/unit-of-work";
import { notify } from "../notifications/notifications.service";
import { claimReminder, findDueReminders } from "./event-reminders.repository";

/** The job that sends event reminders (jobs/kinds.ts). */
export const EVENT_REMINDERS_JOB = "event-reminders";
const BATCH_SIZE = 200;

/**
 * The `event-reminders` job: 24 hours and 1 hour before an event starts, everyone going is reminded in the app, by
 * push and by mail (per their preferences: `notify` does all three, after commit). Each (event, person, which) is
 * claimed by one conditional insert in the transaction that notifies, so re-runs and several processes remind once.
 * The 24-hour reminder is due from 24 hours before the start until the 1-hour one is; none once it has started.
 * The reminder names the start in the event's own time zone. Returns how many were sent.
 */
export async function sendEventReminders(context: AppContext): Promise<number> {
  const now = context.clock.now();
  let sent = 0;
  for (const which of EVENT_REMINDERS) {
    const lead = EVENT_REMINDER_LEAD_MS[which];
    const shorter = Math.max(
      0,
      ...EVENT_REMINDERS.map((other) => EVENT_REMINDER_LEAD_MS[other]).filter((ms) => ms < lead),
    );
    const window = { after: new Date(now.getTime() + shorter), until: new Date(now.getTime() + lead) };
    for (const due of await findDueReminders(context.db, which, window, BATCH_SIZE)) {
      const claimed = await inTransaction(context, async (tx, effects) => {
        if (!(await claimReminder(tx, { eventId: due.eventId, userId: due.userId, which }, now))) return false;
        await notify(tx, effects, {
          userId: due.userId,
          type: "event_reminder",
          entityType: "event",
          entityId: due.eventId,
          data: { eventTitle: due.title, which, startsAt: due.startsAt.toISOString(), timeZone: due.timeZone },
        });
        return true;
      });
      if (claimed) sent += 1;
    }
  }
  return sent;
}
