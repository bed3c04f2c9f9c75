import { queryOptions, useQuery } from "@tanstack/react-query";
import { operationQuery } from "@/lib/api";

export const walletQuery = () => queryOptions({ ...operationQuery("getWallet"), staleTime: 0 });

export function useWallet() {
  return useQuery(walletQuery());
}
