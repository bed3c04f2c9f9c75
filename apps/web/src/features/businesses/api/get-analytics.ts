import { useQuery } from "@tanstack/react-query";
import { operationQuery } from "@/lib/api";

export function useBusinessAnalytics(businessId: string) {
  return useQuery(operationQuery("getBusinessesByIdAnalytics", { params: { path: { id: businessId } } }));
}
