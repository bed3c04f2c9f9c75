import type { CreateCouponInput } from "@plaza/contracts/coupons";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, queryKeyFor, queryKeyRoot } from "@/lib/api";

export const createCoupon = (body: CreateCouponInput) => api.post("/api/coupons", { body });

export function useCreateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCoupon,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeyRoot("getBusinessesById") });
      await queryClient.invalidateQueries({ queryKey: queryKeyFor("getCouponsActive") });
    },
  });
}
