import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Toaster } from "@/components/ui/toaster";
import { startOfflineCache } from "@/lib/offline-cache";
import { createQueryClient } from "@/lib/query-client";
import { offlineQueries } from "./offline-queries";

function createAppQueryClient() {
  const queryClient = createQueryClient();
  startOfflineCache(queryClient, offlineQueries);
  return queryClient;
}

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createAppQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
