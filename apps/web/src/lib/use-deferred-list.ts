import { useDeferredValue } from "react";
import { useIsHydrated } from "./use-is-hydrated";

/**
 * The list a screen renders, from a deferred copy of `items`. Query results reach React through
 * useSyncExternalStore, which renders them synchronously: a page of cards in one long task that blocks input. From
 * the deferred copy React renders them in slices it can pause between (time-sliced), while the skeleton (`empty`
 * first) or the cards already shown stay on screen. A page the server rendered shows its items at once, on the
 * server and while hydrating: the same HTML both sides.
 */
export function useDeferredList<T>(items: T[], empty: T[]): T[] {
  const isHydrated = useIsHydrated();
  return useDeferredValue(items, isHydrated ? empty : items);
}
