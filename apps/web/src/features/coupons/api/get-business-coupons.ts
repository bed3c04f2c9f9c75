import { useQuery } from "@tanstack/react-query";
import { operationQuery, queryKeyFor } from "@/lib/api";

export const businessCouponsQueryKey = (businessId: string) =>
  queryKeyFor("getBusinessesByIdCoupons", { params: { path: { id: businessId } } });

export function useBusinessCoupons(businessId: string | undefined) {
  return useQuery({
    ...operationQuery("getBusinessesByIdCoupons", { params: { path: { id: businessId ?? "" } } }),
    enabled: Boolean(businessId),
  });
}
