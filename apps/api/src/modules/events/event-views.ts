import type { EventView } from "@plaza/contracts/events";
import type { Executor } from "../../db/client";
import { presentEvent } from "./events.presenter";
import { type EventListRow, listHosts } from "./events.repository";
import { listFriendsGoing } from "./friends-going.repository";

/**
 * The views of events as one viewer sees them: their hosts and the viewer's friends going, each read once for the
 * whole list (two queries whatever its length).
 */
export async function presentEventRows(
  db: Executor,
  rows: EventListRow[],
  viewerId: string | null,
): Promise<EventView[]> {
  const eventIds = rows.map((row) => row.event.id);
  // One after the other: `db` may be a transaction, which runs one statement at a time.
  const hosts = await listHosts(db, eventIds);
  const friendsGoing = await listFriendsGoing(db, viewerId, eventIds);
  return rows.map((row) => presentEvent(row, hosts, viewerId, friendsGoing));
}
