import type { RateVisitBody } from "@plaza/contracts/businesses";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, operationQuery, queryKeyRoot } from "@/lib/api";

/** GET /api/businesses/{id}/visit: the viewer's latest verified visit, and whether it may still be rated. */
export function useMyVisit(businessId: string, enabled: boolean) {
  return useQuery({ ...operationQuery("getBusinessesByIdVisit", { params: { path: { id: businessId } } }), enabled });
}

/** POST /api/businesses/{id}/reviews: rates that visit; the business, its reviews and the visit are read again. */
export function useRateVisit(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RateVisitBody) =>
      api.post("/api/businesses/{id}/reviews", { params: { path: { id: businessId } }, body }),
    onSuccess: async () => {
      for (const operation of [
        "getBusinessesById",
        "getBusinessesByIdReviews",
        "getBusinessesByIdVisit",
        "getUsersByUserId",
      ] as const) {
        await queryClient.invalidateQueries({ queryKey: queryKeyRoot(operation) });
      }
    },
  });
}
