import { useQuery } from "@tanstack/react-query";
import { operationQuery } from "@/lib/api";

/** Coupons customers can still get, at published businesses. */
export function useActiveCoupons() {
  return useQuery(operationQuery("getCouponsActive"));
}
