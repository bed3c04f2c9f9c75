import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False on the server and in a page the server rendered until React has hydrated it (its server snapshot), true
 * once hydrated; true at once where the browser renders alone. What differs between the server and this browser (its
 * time zone, its language, its handlers) waits for true, so both first renders write the same HTML.
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
