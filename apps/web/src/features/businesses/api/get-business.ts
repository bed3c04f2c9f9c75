import type { BusinessView } from "@plaza/contracts/businesses";
import { useQuery } from "@tanstack/react-query";

export const businessQueryKey = (businessId: string) => ["/api/businesses", businessId] as const;

export function useBusiness(businessId: string | undefined) {
  return useQuery<BusinessView>({ queryKey: businessQueryKey(businessId ?? ""), enabled: Boolean(businessId) });
}
