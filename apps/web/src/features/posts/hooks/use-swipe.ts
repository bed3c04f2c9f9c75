import { type PointerEvent, useRef } from "react";

/** How far a finger (or mouse) must travel sideways to count as a swipe, in CSS pixels. */
const SWIPE_DISTANCE = 40;

/**
 * Horizontal swipes on an element: pointer events, so touch, pen and mouse drags all work. Vertical moves are
 * left to the page (the element should have `touch-action: pan-y`). `wasSwipe()` tells a click handler that the
 * pointer just swiped, so a swipe does not also open what was under it.
 */
export function useSwipe(options: { onPrevious: () => void; onNext: () => void; isDisabled?: boolean }) {
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  const swiped = useRef(false);
  const handlers = {
    onPointerDown: (event: PointerEvent) => {
      if (options.isDisabled || (event.pointerType === "mouse" && event.button !== 0)) return;
      start.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
      swiped.current = false;
    },
    onPointerUp: (event: PointerEvent) => {
      const from = start.current;
      start.current = null;
      if (!from || from.id !== event.pointerId) return;
      const dx = event.clientX - from.x;
      const dy = event.clientY - from.y;
      if (Math.abs(dx) < SWIPE_DISTANCE || Math.abs(dx) < Math.abs(dy)) return;
      swiped.current = true;
      if (dx < 0) options.onNext();
      else options.onPrevious();
    },
    onPointerCancel: () => {
      start.current = null;
    },
  };
  return { handlers, wasSwipe: () => swiped.current };
}
