import { useQuery } from "@tanstack/react-query";
import { operationQuery } from "@/lib/api";

/** The demo accounts to try; the server answers 404 (an error here) when it runs without demo data. */
export function useDemoAccounts() {
  return useQuery(operationQuery("getDemoAccounts"));
}
