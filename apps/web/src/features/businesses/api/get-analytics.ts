import type { BusinessAnalyticsView } from "@plaza/contracts/checkins";
import { useQuery } from "@tanstack/react-query";

export function useBusinessAnalytics(businessId: string) {
  return useQuery<BusinessAnalyticsView>({ queryKey: ["/api/businesses", businessId, "analytics"] });
}
