import { EVENT_MESSAGES } from "@plaza/contracts/events";
import type { AppContext } from "../../app-context";
import type { Transaction } from "../../db/client";
import type { EventRow } from "../../db/schema/events";
import { badRequest } from "../../lib/app-error";
import type { Effects } from "../../lib/unit-of-work";
import { notify } from "../notifications/notifications.service";
import { deleteHosts, findReachableUserIds, listCoHostIds } from "./event-people.repository";
import { insertHosts } from "./events.repository";

/**
 * The co-hosts an event of `creatorId` asks, checked: not its creator, each an account the actor may reach (400
 * naming `coHostIds` otherwise). Duplicates count once.
 */
export async function checkedCoHostIds(
  context: AppContext,
  actorId: string,
  creatorId: string,
  coHostIds: string[],
): Promise<string[]> {
  const wanted = [...new Set(coHostIds)];
  if (wanted.includes(creatorId)) throw badRequest(EVENT_MESSAGES.coHostSelf, "coHostIds");
  const reachable = await findReachableUserIds(context.db, actorId, wanted);
  if (reachable.length !== wanted.length) throw badRequest(EVENT_MESSAGES.coHostNotFound, "coHostIds");
  return wanted;
}

/** Asks each person to co-host the events (not shown among the hosts until they accept) and notifies them once. */
export async function askCoHosts(
  tx: Transaction,
  effects: Effects,
  actorId: string,
  targets: EventRow[],
  userIds: string[],
): Promise<void> {
  const [first] = targets;
  if (!first || userIds.length === 0) return;
  const now = effects.context.clock.now();
  await insertHosts(
    tx,
    targets.flatMap((event) =>
      userIds.map((userId) => ({ eventId: event.id, userId, isAccepted: false, createdAt: now })),
    ),
  );
  for (const userId of userIds) {
    await notify(tx, effects, {
      userId,
      actorId,
      type: "event_co_host_invited",
      entityType: "event",
      entityId: first.id,
      data: { eventTitle: first.title },
    });
  }
}

/** PATCH's `coHostIds`: the co-hosts after the change. New ones are asked; those left out stop hosting. */
export async function replaceCoHosts(
  tx: Transaction,
  effects: Effects,
  actorId: string,
  targets: EventRow[],
  coHostIds: string[],
): Promise<void> {
  const [first] = targets;
  if (!first) return;
  const current = await listCoHostIds(tx, first.id);
  const removed = current.filter((id) => !coHostIds.includes(id));
  const added = coHostIds.filter((id) => !current.includes(id));
  await deleteHosts(
    tx,
    targets.map((event) => event.id),
    removed,
  );
  await askCoHosts(tx, effects, actorId, targets, added);
}
