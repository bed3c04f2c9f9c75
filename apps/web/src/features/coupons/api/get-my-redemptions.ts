import type { RedemptionView } from "@plaza/contracts/coupons";
import { useQuery } from "@tanstack/react-query";

export function useMyRedemptions() {
  return useQuery<RedemptionView[]>({ queryKey: ["/api/coupons/redemptions/mine", { limit: 100 }] });
}
