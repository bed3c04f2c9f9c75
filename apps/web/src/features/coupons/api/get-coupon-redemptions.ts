import { useQuery } from "@tanstack/react-query";
import { operationQuery } from "@/lib/api";

export function useCouponRedemptions(couponId: string, isEnabled: boolean) {
  return useQuery({
    ...operationQuery("getCouponsByIdRedemptions", { params: { path: { id: couponId } } }),
    enabled: isEnabled,
  });
}
