import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, queryKeyRoot } from "@/lib/api";

export const markRedemptionUsed = (code: string) => api.post("/api/coupon-redemptions/mark-used", { body: { code } });

export function useMarkRedemptionUsed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRedemptionUsed,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeyRoot("getCouponsByIdRedemptions") }),
  });
}
