import { startTransition, useEffect, useRef, useState } from "react";

/** Items rendered at once: more than a tall phone or a desktop window shows of a post list. */
export const FIRST_SCREEN_ITEMS = 5;
/** Items added each time the reader nears the end of what is rendered. */
export const MORE_ITEMS = 10;
/** How far below the viewport the end of the rendered items starts the next ones (so scrolling never waits). */
const AHEAD = "800px 0px";

export interface ProgressiveList<T> {
  /** The items to render now: the first ones, more as the reader scrolls. */
  shown: T[];
  /** Every item is rendered: the list's own "load the next page" may start. */
  isComplete: boolean;
  /** Callback ref for an element after the rendered items; null when complete (render none then). */
  sentinel: ((element: HTMLDivElement | null) => void) | null;
}

/**
 * Renders a long list a screen at a time (Plaza issue 34): a page of 20 posts is ~800 elements, most of them below
 * a phone's first screen, and building them all delayed its first paint. The first FIRST_SCREEN_ITEMS render at
 * once; MORE_ITEMS more each time the sentinel after them comes within AHEAD of the viewport. Rendered items stay
 * rendered (scrolling back up never jumps, find-in-page finds them), and what is past the screen is not laid out
 * either (`lazy-cards` in index.css).
 */
export function useProgressiveList<T>(items: T[]): ProgressiveList<T> {
  const [count, setCount] = useState(FIRST_SCREEN_ITEMS);
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const total = items.length;
  const isComplete = count >= total;
  const latestTotal = useRef(total);
  latestTotal.current = total;
  // A new observer after each growth (`count`): its first report says whether the sentinel is still near, so a
  // screen that the new items do not fill grows again at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: count re-creates the observer on purpose (above)
  useEffect(() => {
    if (!element || isComplete) return;
    const observer = new IntersectionObserver(
      (entries) => {
        // A transition: React renders the new items in slices it can pause for input, never in one long task.
        // Up to the items there are, so a page loaded later renders a screen at a time too.
        const grow = (shown: number) => Math.min(shown + MORE_ITEMS, latestTotal.current);
        if (entries.some((entry) => entry.isIntersecting)) startTransition(() => setCount(grow));
      },
      { rootMargin: AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, isComplete, count]);
  return {
    shown: isComplete ? items : items.slice(0, count),
    isComplete,
    sentinel: isComplete ? null : setElement,
  };
}
