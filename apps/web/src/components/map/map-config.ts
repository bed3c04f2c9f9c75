import { type AppConfigView, DEFAULT_MAP_TILE_ATTRIBUTION, DEFAULT_MAP_TILE_URL } from "@plaza/contracts/map";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

const FALLBACK: AppConfigView["map"] = { tileUrl: DEFAULT_MAP_TILE_URL, attribution: DEFAULT_MAP_TILE_ATTRIBUTION };

/** The server's tile source (GET /api/config, read once per page load); the default until it arrives. */
export function useMapTiles(): AppConfigView["map"] {
  const { data } = useQuery({
    queryKey: ["/api/config"],
    queryFn: () => apiRequest<AppConfigView>("GET", "/api/config"),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data?.map ?? FALLBACK;
}
