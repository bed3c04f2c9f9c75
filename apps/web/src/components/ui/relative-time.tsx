import { createContext, useContext, useSyncExternalStore } from "react";
import { cn } from "@/lib/cn";
import { fullDateTime, timeAgo } from "@/lib/time-ago";
import { useAppIntl } from "@/lib/use-app-intl";

const TICK_MS = 60_000;
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | null = null;

/** One shared minute clock for every relative time on the page (not one timer per row). */
function subscribe(listener: () => void): () => void {
  if (timer === null) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const notify of listeners) notify();
    }, TICK_MS);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  };
}

/**
 * When a server-rendered page was rendered (src/entry-server.tsx, and in the browser the time the page says): the
 * "now" of its relative times, on the server and while the browser hydrates, so both write the same text.
 */
export const RenderedAtContext = createContext<number | null>(null);

/**
 * A moment shown as 'x ago' in the page's language (kept current minute by minute), with the full date and time on hover and in the
 * machine-readable `dateTime`. On the server (and while hydrating its HTML) 'ago' counts from the render time and
 * the hover text waits for the browser, whose time zone it is written in.
 */
export function RelativeTime({ value, className }: { value: string; className?: string }) {
  const intl = useAppIntl();
  const clock = useSyncExternalStore<number | null>(
    subscribe,
    () => now,
    () => null,
  );
  const renderedAt = useContext(RenderedAtContext);
  const current = clock ?? renderedAt ?? now;
  return (
    <time
      dateTime={value}
      title={clock === null ? undefined : fullDateTime(value, intl)}
      className={cn("whitespace-nowrap", className)}
    >
      {timeAgo(value, new Date(current), intl)}
    </time>
  );
}
