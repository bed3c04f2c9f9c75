/** Paths a signed-out visitor is sent away from, to / (docs/PRODUCT.md §2 "Guard"). */
export const GUARDED_PATH_PREFIXES = ["/business-dashboard", "/settings", "/messages", "/admin", "/wallet"] as const;

export function isGuardedPath(path: string): boolean {
  return GUARDED_PATH_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
