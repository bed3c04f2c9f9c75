import { useQuery } from "@tanstack/react-query";
import { operationQuery } from "@/lib/api";

/** GET /api/coupons/{id}/redemption-weeks (owner): a perk's redemptions per completed week, under 5 hidden. */
export function useCouponRedemptionWeeks(couponId: string, isEnabled: boolean) {
  return useQuery({
    ...operationQuery("getCouponsByIdRedemptionWeeks", { params: { path: { id: couponId } } }),
    enabled: isEnabled,
  });
}
