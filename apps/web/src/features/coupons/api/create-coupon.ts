import type { CouponView, CreateCouponInput } from "@plaza/contracts/coupons";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export const createCoupon = (body: CreateCouponInput) => apiRequest<CouponView>("POST", "/api/coupons", body);

export function useCreateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCoupon,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ["/api/businesses"] });
      await queryClient.invalidateQueries({ queryKey: ["/api/coupons/active"] });
    },
  });
}
