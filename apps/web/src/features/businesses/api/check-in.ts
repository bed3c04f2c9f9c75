import type { CheckInInput } from "@plaza/contracts/businesses";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, queryKeyFor, queryKeyRoot } from "@/lib/api";

export const checkIn = (businessId: string, body: CheckInInput) =>
  api.post("/api/businesses/{id}/checkins", { params: { path: { id: businessId } }, body });

export function useCheckIn(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CheckInInput) => checkIn(businessId, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeyRoot("getBusinessesById") });
      await queryClient.invalidateQueries({ queryKey: queryKeyRoot("getUsersByUserId") });
      // A check-in made without a rating may be rated later (the page's "Rate your visit").
      await queryClient.invalidateQueries({ queryKey: queryKeyRoot("getBusinessesByIdVisit") });
      // A verified check-in makes the business's coupons redeemable (their canRedeem changes).
      await queryClient.invalidateQueries({ queryKey: queryKeyFor("getCouponsActive") });
    },
  });
}
