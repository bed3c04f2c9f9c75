import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, queryKeyFor, queryKeyRoot } from "@/lib/api";

export const deleteCoupon = (couponId: string) =>
  api.delete("/api/coupons/{id}", { params: { path: { id: couponId } } });

export function useDeleteCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCoupon,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeyRoot("getBusinessesById") });
      await queryClient.invalidateQueries({ queryKey: queryKeyFor("getCouponsActive") });
    },
  });
}
