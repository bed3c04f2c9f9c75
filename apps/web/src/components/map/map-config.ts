import type { AppConfigView } from "@plaza/contracts/map";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/**
 * The server's tile source (GET /api/config, read once per page load); null until it arrives (or when it cannot
 * be read): maps then show their markers on a plain background. Never a guessed default, which the page's
 * Content-Security-Policy (built from the same setting) could refuse.
 */
export function useMapTiles(): AppConfigView["map"] | null {
  const { data } = useQuery({
    queryKey: ["/api/config"],
    queryFn: () => apiRequest<AppConfigView>("GET", "/api/config"),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data?.map ?? null;
}
