import type { CheckInInput } from "@plaza/contracts/businesses";
import type { CheckinView } from "@plaza/contracts/checkins";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export const checkIn = (businessId: string, body: CheckInInput) =>
  apiRequest<CheckinView>("POST", `/api/businesses/${businessId}/checkins`, body);

export function useCheckIn(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CheckInInput) => checkIn(businessId, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ["/api/businesses"] });
      await queryClient.invalidateQueries({ queryKey: ["/api/users"] });
      // A verified check-in makes the business's coupons redeemable (their canRedeem changes).
      await queryClient.invalidateQueries({ queryKey: ["/api/coupons/active"] });
    },
  });
}
