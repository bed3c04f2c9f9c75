import type { RedemptionView } from "@plaza/contracts/coupons";
import { useQuery } from "@tanstack/react-query";

export function useCouponRedemptions(couponId: string, isEnabled: boolean) {
  return useQuery<RedemptionView[]>({ queryKey: ["/api/coupons", couponId, "redemptions"], enabled: isEnabled });
}
