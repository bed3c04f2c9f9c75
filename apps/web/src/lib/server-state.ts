import type { DehydratedState } from "@tanstack/react-query";

/**
 * The id of the <script type="application/json"> element a server-rendered page carries its data in
 * (src/entry-server.tsx): the browser's first render starts from it, so it shows what the server rendered.
 */
export const SERVER_STATE_ELEMENT_ID = "plaza-server-state";

/**
 * What a server-rendered page carries: when it was rendered (ms since the epoch), its queries' data, and the lazy
 * components it showed (lib/lazy-component.tsx: the browser loads their code before hydrating).
 */
export interface ServerState {
  renderedAt: number;
  queries: DehydratedState;
  lazy: string[];
}

/** The data of a server-rendered page; null for the plain app shell (or unreadable data). */
export function readServerState(): ServerState | null {
  const element = document.getElementById(SERVER_STATE_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    const state = JSON.parse(element.textContent) as Partial<ServerState>;
    if (typeof state.renderedAt !== "number" || !state.queries) return null;
    const lazy = Array.isArray(state.lazy) ? state.lazy.filter((name) => typeof name === "string") : [];
    return { renderedAt: state.renderedAt, queries: state.queries, lazy };
  } catch {
    return null;
  }
}
