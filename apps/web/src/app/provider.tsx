import type { ErrorBody } from "@plaza/contracts/errors";
import { hydrate, type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { RenderedAtContext } from "@/components/ui/relative-time";
import { Toaster } from "@/components/ui/toaster";
import { ApiError } from "@/lib/api-client";
import { startOfflineCache } from "@/lib/offline-cache";
import { createQueryClient } from "@/lib/query-client";
import type { ServerState } from "@/lib/server-state";
import { offlineQueries } from "./offline-queries";

/**
 * A server-rendered page's queries with their failures as the app's errors again: a query the API answered "not
 * found" comes with its error (src/entry-server.tsx), which JSON made a plain object. Such a query is not asked
 * again on mount, so the first render shows the not-found view the server rendered (no hydration mismatch).
 */
function restoreFailures(queryClient: QueryClient, state: ServerState["queries"]): ServerState["queries"] {
  const queries = state.queries.map((query) => {
    const error = query.state.error as { status?: unknown; body?: ErrorBody | null } | null;
    if (query.state.status !== "error" || !error || typeof error.status !== "number") return query;
    queryClient.setQueryDefaults(query.queryKey, { retryOnMount: false });
    const body = error.body ?? null;
    const apiError = new ApiError(error.status, `${error.status}: ${body?.message ?? ""}`, body);
    return { ...query, state: { ...query.state, error: apiError } };
  });
  return { ...state, queries };
}

/** The browser's query client, starting from a server-rendered page's data when there is some. */
function createAppQueryClient(serverState: ServerState | null) {
  const queryClient = createQueryClient();
  if (serverState) hydrate(queryClient, restoreFailures(queryClient, serverState.queries));
  startOfflineCache(queryClient, offlineQueries);
  return queryClient;
}

/**
 * The app's providers. In the browser it makes its own query client (from `serverState`, the data a server-rendered
 * page came with); a server render (src/entry-server.tsx) passes the one it fills, and its own
 * `serverState` for the render time.
 */
export function AppProvider({
  children,
  queryClient: given,
  serverState = null,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  serverState?: ServerState | null;
}) {
  const [queryClient] = useState(() => given ?? createAppQueryClient(serverState));
  return (
    <RenderedAtContext value={serverState?.renderedAt ?? null}>
      <QueryClientProvider client={queryClient}>
        {children}
        <Toaster />
      </QueryClientProvider>
    </RenderedAtContext>
  );
}
