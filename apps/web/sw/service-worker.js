/// <reference lib="webworker" />
// Plaza's service worker, built into dist/sw.js by the `plaza-service-worker` plugin of vite.config.ts, which
// fills in PRECACHE (the app shell: the built assets, the offline page, icons and the web manifest, which the API
// serves named after the instance) and VERSION.
//
// - install: precache the shell into a cache named by VERSION; activate: drop older caches.
// - navigations: the network (with navigation preload); when it fails, the app shell if the app kept data for
//   offline reading (it then shows that data, marked as offline), else the offline page.
// - built assets (/assets/…, hashed): from the cache, else the network; the web manifest: the network, else the
//   cache. Everything else (the API, uploads, the live connection) is never touched.
// - push: shows the notification the server sent (title, body, icon; data.url is where a click leads);
//   notificationclick: focuses an open Plaza window and navigates it there, or opens a new one.

const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

/** @type {string[]} */
const PRECACHE = self.__PLAZA_PRECACHE__;
/** @type {string} */
const VERSION = self.__PLAZA_VERSION__;
const CACHE_NAME = `plaza-shell-${VERSION}`;
const OFFLINE_URL = "/offline.html";
const MANIFEST_URL = "/manifest.webmanifest";
const DEFAULT_ICON = "/icons/icon-192.png";
// Written and deleted by the app (lib/offline-cache.ts): present while a signed-in person's data is kept offline.
const OFFLINE_DATA_CACHE = "plaza-offline";
const OFFLINE_DATA_MARKER = "/__plaza-offline-ready";

sw.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE_NAME);
      await cache.addAll(PRECACHE.map((url) => new Request(url, { cache: "reload" })));
      await sw.skipWaiting();
    })(),
  );
});

sw.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith("plaza-shell-") && name !== CACHE_NAME)
          .map((name) => caches.delete(name)),
      );
      if (sw.registration.navigationPreload) await sw.registration.navigationPreload.enable();
      await sw.clients.claim();
    })(),
  );
});

/**
 * Offline, with data the app kept for offline reading (its marker in the Cache API, lib/offline-cache.ts): the app
 * shell, marked with <meta name="plaza-offline"> so the app shows the kept feed and messages. Null otherwise.
 */
async function offlineShell() {
  const hasKeptData = await caches.match(OFFLINE_DATA_MARKER, { cacheName: OFFLINE_DATA_CACHE });
  if (!hasKeptData) return null;
  // The plain shell: "/" may be a server-rendered page with a signed-out visitor's data (apps/api/src/plugins/web-app.ts).
  const shell = await caches.match("/index.html", { cacheName: CACHE_NAME });
  if (!shell) return null;
  const html = (await shell.text())
    .replace("<head>", '<head><meta name="plaza-offline" content="1">')
    // The shell preloads API answers (the signed-in user); offline there is no network to ask.
    .replace(/<link rel="preload" href="\/api\/[^>]*>/g, "");
  return new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } });
}

/** @param {FetchEvent} event */
async function navigate(event) {
  try {
    const preloaded = await event.preloadResponse;
    if (preloaded) return preloaded;
    return await fetch(event.request);
  } catch {
    const shell = await offlineShell();
    if (shell) return shell;
    const offline = await caches.match(OFFLINE_URL, { cacheName: CACHE_NAME });
    return offline ?? Response.error();
  }
}

/**
 * The web manifest: the network's (the instance's name may have changed), else the one kept at install (offline).
 * @param {Request} request
 */
async function fromNetworkFirst(request) {
  try {
    return await fetch(request);
  } catch {
    const cached = await caches.match(request, { cacheName: CACHE_NAME });
    return cached ?? Response.error();
  }
}

/** @param {Request} request */
async function fromCacheFirst(request) {
  const cached = await caches.match(request, { cacheName: CACHE_NAME });
  return cached ?? fetch(request);
}

sw.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(navigate(event));
    return;
  }
  if (url.pathname === MANIFEST_URL) {
    event.respondWith(fromNetworkFirst(request));
    return;
  }
  if (url.pathname.startsWith("/assets/") || PRECACHE.includes(url.pathname)) {
    event.respondWith(fromCacheFirst(request));
  }
});

/**
 * The pushed message (contracts/push `pushMessage`): {id, title, body, url, icon}. A push that is not JSON still
 * shows, as its text.
 * @param {PushMessageData | null} data
 */
function readPush(data) {
  if (!data) return { id: "", title: "Plaza", body: "", url: "/", icon: DEFAULT_ICON };
  try {
    const message = data.json();
    return {
      id: typeof message.id === "string" ? message.id : "",
      title: typeof message.title === "string" ? message.title : "Plaza",
      body: typeof message.body === "string" ? message.body : "",
      url: typeof message.url === "string" ? message.url : "/",
      icon: typeof message.icon === "string" ? message.icon : DEFAULT_ICON,
    };
  } catch {
    return { id: "", title: "Plaza", body: data.text(), url: "/", icon: DEFAULT_ICON };
  }
}

sw.addEventListener("push", (event) => {
  const message = readPush(event.data);
  event.waitUntil(
    sw.registration.showNotification(message.title, {
      body: message.body,
      icon: message.icon,
      badge: DEFAULT_ICON,
      ...(message.id ? { tag: message.id } : {}),
      data: { url: message.url },
    }),
  );
});

/** Only this app's own screens are opened (a pushed URL never leads elsewhere). @param {unknown} target */
function targetOf(target) {
  const url = new URL(typeof target === "string" ? target : "/", sw.location.origin);
  return url.origin === sw.location.origin ? url.href : new URL("/", sw.location.origin).href;
}

sw.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = targetOf(event.notification.data?.url);
  event.waitUntil(
    (async () => {
      const windows = await sw.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === sw.location.origin);
      if (open) {
        // Focus may be refused (no user activation); the window still goes to the target.
        await open.focus().catch(() => undefined);
        if (open.url === target) return;
        const navigated = await open.navigate(target).catch(() => null);
        if (navigated) return;
      }
      await sw.clients.openWindow(target);
    })(),
  );
});
