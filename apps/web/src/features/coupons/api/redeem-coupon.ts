import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, queryKeyFor, queryKeyRoot } from "@/lib/api";

export const redeemCoupon = (couponId: string) =>
  api.post("/api/coupons/{id}/redeem", { params: { path: { id: couponId } } });

/** Redeems a coupon and returns the personal one-time code. */
export function useRedeemCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeemCoupon,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeyFor("getCouponsActive") });
      await queryClient.invalidateQueries({ queryKey: queryKeyFor("getCouponsRedemptionsMine") });
      await queryClient.invalidateQueries({ queryKey: queryKeyRoot("getBusinessesById") });
    },
  });
}
