import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";

export const deleteCoupon = (couponId: string) =>
  api.delete("/api/coupons/{id}", { params: { path: { id: couponId } } });

export function useDeleteCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCoupon,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ["/api/businesses"] });
      await queryClient.invalidateQueries({ queryKey: ["/api/coupons/active"] });
    },
  });
}
