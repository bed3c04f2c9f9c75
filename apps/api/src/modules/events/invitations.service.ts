import { EVENT_MESSAGES, type EventView, type InviteBody } from "@plaza/contracts/events";
import type { AppContext } from "../../app-context";
import type { EventRow } from "../../db/schema/events";
import { badRequest, forbidden, notFound } from "../../lib/app-error";
import { inTransaction } from "../../lib/unit-of-work";
import { notify } from "../notifications/notifications.service";
import type { SessionUser } from "../users/viewer";
import { acceptHosts, findReachableUserIds, listPendingHostEventIds } from "./event-people.repository";
import { findEventById, insertInvitations, isHostOf, listSeries } from "./events.repository";
import { requireHostedEvent, viewOf } from "./events.service";

/** The event and, in a series, its other occurrences (an answer about one is about the series). */
async function withSeries(context: AppContext, event: EventRow): Promise<string[]> {
  if (!event.seriesId) return [event.id];
  return (await listSeries(context.db, event.seriesId)).map((row) => row.id);
}

/**
 * POST /api/events/{id}/co-hosts/accept: the asked person becomes a host (of every occurrence of a series they were
 * asked to co-host), shown among the hosts, and may edit and cancel. Accepting again changes nothing.
 */
export async function acceptCoHosting(context: AppContext, viewer: SessionUser, eventId: string): Promise<EventView> {
  const event = await findEventById(context.db, eventId);
  if (!event) throw notFound(EVENT_MESSAGES.eventNotFound);
  const pending = await listPendingHostEventIds(context.db, await withSeries(context, event), viewer.id);
  if (pending.length === 0 && !(await isHostOf(context.db, eventId, viewer.id))) {
    throw forbidden(EVENT_MESSAGES.notCoHostInvited, "NOT_INVITED");
  }
  await acceptHosts(context.db, pending, viewer.id);
  return viewOf(context, eventId, viewer.id);
}

/**
 * POST /api/events/{id}/invitations (hosts): the people may see the event (and, in a series, its following
 * occurrences) and answer it, invite-only included; each newly invited person is notified once.
 */
export async function inviteToEvent(
  context: AppContext,
  viewer: SessionUser,
  eventId: string,
  body: InviteBody,
): Promise<{ invitedCount: number }> {
  const event = await requireHostedEvent(context, viewer, eventId);
  const wanted = [...new Set(body.userIds)];
  const reachable = await findReachableUserIds(context.db, viewer.id, wanted);
  if (reachable.length !== wanted.length) throw badRequest(EVENT_MESSAGES.inviteeNotFound, "userIds");
  const now = context.clock.now();
  const targets = event.seriesId ? await listSeries(context.db, event.seriesId, event.occurrenceStartsAt) : [event];
  const invited = await inTransaction(context, async (tx, effects) => {
    let fresh: string[] = [];
    for (const target of targets) {
      const inserted = await insertInvitations(tx, target.id, wanted, now);
      if (target.id === event.id) fresh = inserted;
    }
    for (const userId of fresh) {
      await notify(tx, effects, {
        userId,
        actorId: viewer.id,
        type: "event_invited",
        entityType: "event",
        entityId: event.id,
        data: { eventTitle: event.title },
      });
    }
    return fresh.length;
  });
  return { invitedCount: invited };
}
