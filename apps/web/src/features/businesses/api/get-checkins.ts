import { useQuery } from "@tanstack/react-query";
import { operationQuery } from "@/lib/api";

/** Recent check-ins (the owner sees all; others the reviews). `onlyReviews` asks for rated ones. */
export function useCheckins(businessId: string, options: { limit?: number; onlyReviews?: boolean } = {}) {
  return useQuery(
    operationQuery("getBusinessesByIdCheckins", {
      params: {
        path: { id: businessId },
        query: { limit: options.limit, reviews: options.onlyReviews ? "true" : undefined },
      },
    }),
  );
}
