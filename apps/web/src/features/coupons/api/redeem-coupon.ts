import type { RedemptionView } from "@plaza/contracts/coupons";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export const redeemCoupon = (couponId: string) => apiRequest<RedemptionView>("POST", `/api/coupons/${couponId}/redeem`);

/** Redeems a coupon and returns the personal one-time code. */
export function useRedeemCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeemCoupon,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ["/api/coupons/active"] });
      await queryClient.invalidateQueries({ queryKey: ["/api/coupons/redemptions/mine"] });
      await queryClient.invalidateQueries({ queryKey: ["/api/businesses"] });
    },
  });
}
