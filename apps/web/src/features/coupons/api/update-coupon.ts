import type { UpdateCouponBody } from "@plaza/contracts/coupons";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, queryKeyFor, queryKeyRoot } from "@/lib/api";

export const updateCoupon = (couponId: string, body: UpdateCouponBody) =>
  api.patch("/api/coupons/{id}", { params: { path: { id: couponId } }, body });

export function useUpdateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ couponId, body }: { couponId: string; body: UpdateCouponBody }) => updateCoupon(couponId, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeyRoot("getBusinessesById") });
      await queryClient.invalidateQueries({ queryKey: queryKeyFor("getCouponsActive") });
    },
  });
}
