/**
 * After the page's load event, how long the service worker's registration waits. Installing it downloads and
 * caches every built file (~75, for offline use), which on a phone competed with the first screen's own work:
 * Lighthouse mobile's blocking time on the signed-in home and a profile was 1.6–3.3 s with it at `load` and
 * 1.2–2.1 s with it deferred (bench/results/history.md, session 17). Nothing on the first screen needs the worker: it serves
 * offline starts and pushed notifications, both later.
 */
export const SERVICE_WORKER_DELAY_MS = 5_000;

let isRegistered = false;

/**
 * Registers the service worker now, once per page (a feature that needs it, such as turning push on, does not wait
 * for the deferred registration). Production builds only: the development server has no worker, so a stale cache
 * never hides a code change there.
 */
export function ensureServiceWorker(): void {
  if (isRegistered || !import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  isRegistered = true;
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => undefined);
}

/**
 * Registers the service worker (dist/sw.js: offline page, pushed notifications) once the page has loaded and
 * settled: SERVICE_WORKER_DELAY_MS after the load event, then at the browser's next idle moment.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  const whenIdle = () =>
    "requestIdleCallback" in window
      ? window.requestIdleCallback(ensureServiceWorker, { timeout: 2_000 })
      : ensureServiceWorker();
  const afterLoad = () => window.setTimeout(whenIdle, SERVICE_WORKER_DELAY_MS);
  if (document.readyState === "complete") afterLoad();
  else window.addEventListener("load", afterLoad, { once: true });
}
