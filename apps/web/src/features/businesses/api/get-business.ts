import { useQuery } from "@tanstack/react-query";
import { operationQuery, queryKeyFor } from "@/lib/api";

export const businessQueryKey = (businessId: string) =>
  queryKeyFor("getBusinessesById", { params: { path: { id: businessId } } });

export function useBusiness(businessId: string | undefined) {
  return useQuery({
    ...operationQuery("getBusinessesById", { params: { path: { id: businessId ?? "" } } }),
    enabled: Boolean(businessId),
  });
}
