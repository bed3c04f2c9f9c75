import { paths } from "@/lib/paths";

/** Paths a signed-out visitor is sent away from, to / (docs/PRODUCT.md §2 "Guard"). */
export const GUARDED_PATH_PREFIXES = [
  paths.businessDashboard,
  paths.settings,
  paths.messages,
  paths.admin,
  paths.wallet,
] as const;

export function isGuardedPath(path: string): boolean {
  return GUARDED_PATH_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
