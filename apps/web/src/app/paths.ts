import { paths } from "@/lib/paths";

/** Paths a signed-out visitor is sent to sign-in from, and back after it (docs/PRODUCT.md §2 "Routes"). */
export const GUARDED_PATH_PREFIXES = [
  paths.businessDashboard,
  paths.settings,
  paths.messages,
  paths.admin,
  paths.wallet,
  paths.coupons,
  paths.activity,
  // A renewal's "confirm your payment" mail links to /pay/{id}.
  "/pay",
] as const;

export function isGuardedPath(path: string): boolean {
  return GUARDED_PATH_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
