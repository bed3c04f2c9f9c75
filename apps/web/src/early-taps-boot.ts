// The first script a page runs: an async module in <head> (vite.config.ts, earlyTapsScript), so it runs
// while the page is still arriving, long before the entry (a deferred module, run once the whole page is parsed).
// From then on a tap on a server-rendered page's controls is held until main.tsx has hydrated it (lib/early-taps.ts).
import { holdEarlyTaps } from "./lib/early-taps";

holdEarlyTaps();
