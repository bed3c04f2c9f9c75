import type { WalletView } from "@plaza/contracts/payments";
import { queryOptions, useQuery } from "@tanstack/react-query";

export const walletQuery = () => queryOptions<WalletView>({ queryKey: ["/api/wallet"], staleTime: 0 });

export function useWallet() {
  return useQuery(walletQuery());
}
