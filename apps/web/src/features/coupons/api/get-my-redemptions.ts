import { useQuery } from "@tanstack/react-query";
import { operationQuery } from "@/lib/api";

export function useMyRedemptions() {
  return useQuery(operationQuery("getCouponsRedemptionsMine", { params: { query: { limit: 100 } } }));
}
