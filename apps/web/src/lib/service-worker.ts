/**
 * Registers the service worker (dist/sw.js: offline page, pushed notifications) in production builds. The
 * development server has no worker, so a stale cache never hides a code change there.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => undefined);
  });
}
