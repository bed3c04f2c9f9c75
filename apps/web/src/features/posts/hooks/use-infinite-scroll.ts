import { useEffect, useRef } from "react";

/**
 * Calls `onReachEnd` when the returned sentinel element scrolls into view (IntersectionObserver), as long as
 * `isEnabled` holds (there is a next page and none is loading).
 */
export function useInfiniteScroll(onReachEnd: () => void, isEnabled: boolean) {
  const sentinel = useRef<HTMLDivElement | null>(null);
  const callback = useRef(onReachEnd);
  callback.current = onReachEnd;
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !isEnabled) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin: "400px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [isEnabled]);
  return sentinel;
}
