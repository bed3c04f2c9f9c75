import type { RedemptionView } from "@plaza/contracts/coupons";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export const markRedemptionUsed = (code: string) =>
  apiRequest<RedemptionView>("POST", "/api/coupon-redemptions/mark-used", { code });

export function useMarkRedemptionUsed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRedemptionUsed,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["/api/coupons"] }),
  });
}
