import type { SubscriptionPriceBody } from "@plaza/contracts/payments";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { currentUserQueryKey } from "@/lib/current-user";

export const setSubscriptionPrice = (body: SubscriptionPriceBody) =>
  api.patch("/api/users/subscription-price", { body });

export function useSetSubscriptionPrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSubscriptionPrice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
