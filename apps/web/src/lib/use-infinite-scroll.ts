import { useEffect, useRef, useState } from "react";

/**
 * Calls `onReachEnd` when the sentinel element scrolls into view (IntersectionObserver), as long as `isEnabled`
 * holds (there is a next page and none is loading). Returns a callback ref for the sentinel: the observer follows
 * the element whenever it mounts, also when the list (and its sentinel) renders later than the data arrived.
 */
export function useInfiniteScroll(onReachEnd: () => void, isEnabled: boolean) {
  const [sentinel, setSentinel] = useState<HTMLDivElement | null>(null);
  const callback = useRef(onReachEnd);
  callback.current = onReachEnd;
  useEffect(() => {
    if (!sentinel || !isEnabled) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin: "400px 0px" },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [sentinel, isEnabled]);
  return setSentinel;
}
