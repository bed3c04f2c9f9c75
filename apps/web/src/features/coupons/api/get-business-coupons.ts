import type { CouponView } from "@plaza/contracts/coupons";
import { useQuery } from "@tanstack/react-query";

export const businessCouponsQueryKey = (businessId: string) => ["/api/businesses", businessId, "coupons"] as const;

export function useBusinessCoupons(businessId: string | undefined) {
  return useQuery<CouponView[]>({
    queryKey: businessCouponsQueryKey(businessId ?? ""),
    enabled: Boolean(businessId),
  });
}
