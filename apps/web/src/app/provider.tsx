import { hydrate, type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { RenderedAtContext } from "@/components/ui/relative-time";
import { Toaster } from "@/components/ui/toaster";
import { startOfflineCache } from "@/lib/offline-cache";
import { createQueryClient } from "@/lib/query-client";
import type { ServerState } from "@/lib/server-state";
import { offlineQueries } from "./offline-queries";

/** The browser's query client, starting from a server-rendered page's data when there is some. */
function createAppQueryClient(serverState: ServerState | null) {
  const queryClient = createQueryClient();
  if (serverState) hydrate(queryClient, serverState.queries);
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
