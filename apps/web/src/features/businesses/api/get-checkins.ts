import type { CheckinView } from "@plaza/contracts/checkins";
import { useQuery } from "@tanstack/react-query";

/** Recent check-ins (the owner sees all; others the reviews). `onlyReviews` asks for rated ones. */
export function useCheckins(businessId: string, options: { limit?: number; onlyReviews?: boolean } = {}) {
  return useQuery<CheckinView[]>({
    queryKey: [
      "/api/businesses",
      businessId,
      "checkins",
      { limit: options.limit, reviews: options.onlyReviews ? "true" : undefined },
    ],
  });
}
