import { useQuery } from "@tanstack/react-query";
import { operationQuery } from "@/lib/api";

/** The owner's current visit code; refetched when it is about to change. */
export function useVisitCode(businessId: string) {
  return useQuery({
    ...operationQuery("getBusinessesByIdVisitCode", { params: { path: { id: businessId } } }),
    refetchInterval: (query) => Math.max(1000, (query.state.data?.secondsRemaining ?? 60) * 1000),
  });
}
