import type { AppConfigView } from "@plaza/contracts/map";
import { useAppConfig } from "@/lib/app-config";

/**
 * The server's tile source (GET /api/config, read once per page load); null until it arrives (or when it cannot
 * be read): maps then show their markers on a plain background. Never a guessed default, which the page's
 * Content-Security-Policy (built from the same setting) could refuse.
 */
export function useMapTiles(): AppConfigView["map"] | null {
  return useAppConfig().data?.map ?? null;
}
