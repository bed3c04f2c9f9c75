import type { AppConfigView } from "@plaza/contracts/map";
import { useQuery } from "@tanstack/react-query";
import { operationQuery } from "@/lib/api";

/** GET /api/config, read once per page load: what the web app needs of the server's configuration. */
export function useAppConfig() {
  return useQuery({
    ...operationQuery("getConfig"),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * How this server takes payments: the built-in test provider (a payment method chosen in the dialog) or Stripe (the
 * Payment Element after the server has created the payment); null until the configuration has arrived.
 */
export function usePaymentsConfig(): AppConfigView["payments"] | null {
  return useAppConfig().data?.payments ?? null;
}

export type AppPaymentsConfig = AppConfigView["payments"];
