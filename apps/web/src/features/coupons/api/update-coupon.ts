import type { CouponView, UpdateCouponBody } from "@plaza/contracts/coupons";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export const updateCoupon = (couponId: string, body: UpdateCouponBody) =>
  apiRequest<CouponView>("PATCH", `/api/coupons/${couponId}`, body);

export function useUpdateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ couponId, body }: { couponId: string; body: UpdateCouponBody }) => updateCoupon(couponId, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ["/api/businesses"] });
      await queryClient.invalidateQueries({ queryKey: ["/api/coupons/active"] });
    },
  });
}
