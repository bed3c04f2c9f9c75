import type { VisitCodeView } from "@plaza/contracts/checkins";
import { useQuery } from "@tanstack/react-query";

/** The owner's current visit code; refetched when it is about to change. */
export function useVisitCode(businessId: string) {
  return useQuery<VisitCodeView>({
    queryKey: ["/api/businesses", businessId, "visit-code"],
    refetchInterval: (query) => Math.max(1000, (query.state.data?.secondsRemaining ?? 60) * 1000),
  });
}
