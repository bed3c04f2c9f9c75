import type { CouponView } from "@plaza/contracts/coupons";
import { useQuery } from "@tanstack/react-query";

/** Coupons customers can still get, at published businesses. */
export function useActiveCoupons() {
  return useQuery<CouponView[]>({ queryKey: ["/api/coupons/active"] });
}
