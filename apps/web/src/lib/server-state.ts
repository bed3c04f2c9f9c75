import type { DehydratedState } from "@tanstack/react-query";

/**
 * The id of the <script type="application/json"> element a server-rendered page carries its data in
 * (src/entry-server.tsx): the browser's first render starts from it, so it shows what the server rendered.
 */
export const SERVER_STATE_ELEMENT_ID = "plaza-server-state";

/** What a server-rendered page carries: when it was rendered (ms since the epoch) and its queries' data. */
export interface ServerState {
  renderedAt: number;
  queries: DehydratedState;
}

/** The data of a server-rendered page; null for the plain app shell (or unreadable data). */
export function readServerState(): ServerState | null {
  const element = document.getElementById(SERVER_STATE_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    const state = JSON.parse(element.textContent) as Partial<ServerState>;
    return typeof state.renderedAt === "number" && state.queries ? (state as ServerState) : null;
  } catch {
    return null;
  }
}
