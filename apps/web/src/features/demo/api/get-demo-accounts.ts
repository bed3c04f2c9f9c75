import type { DemoAccountsView } from "@plaza/contracts/demo";
import { useQuery } from "@tanstack/react-query";

/** The demo accounts to try; the server answers 404 (an error here) when it runs without demo data. */
export function useDemoAccounts() {
  return useQuery<DemoAccountsView>({ queryKey: ["/api/demo/accounts"] });
}
