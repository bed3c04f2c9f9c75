import type { EventView } from "@plaza/contracts/events";
import type { AppContext } from "../../app-context";
import type { SessionUser } from "../users/viewer";
import { presentEventRows } from "./event-views";
import { searchEventRows } from "./events.repository";

/** GET /api/search?type=events: upcoming, not cancelled events the viewer may see whose title contains the text. */
export async function searchEvents(
  context: AppContext,
  viewer: SessionUser,
  text: string,
  limit: number,
): Promise<EventView[]> {
  const rows = await searchEventRows(context.db, viewer.id, text, context.clock.now(), limit);
  return presentEventRows(context.db, rows, viewer.id);
}
