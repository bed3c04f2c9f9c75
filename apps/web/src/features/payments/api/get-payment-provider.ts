import type { AppConfigView } from "@plaza/contracts/map";
import { useQuery } from "@tanstack/react-query";
import { operationQuery } from "@/lib/api";

/**
 * Who collects payments on this server (GET /api/config, read once per page load; the map reads the same
 * cached answer): "test" or "stripe", undefined until it arrives.
 */
export function usePaymentProvider(): AppConfigView["payments"]["provider"] | undefined {
  const { data } = useQuery({
    ...operationQuery("getConfig"),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data?.payments.provider;
}
