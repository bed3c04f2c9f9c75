import {
  type DehydratedState,
  dehydrate,
  hydrate,
  onlineManager,
  type Query,
  type QueryClient,
} from "@tanstack/react-query";
import { currentUserQueryKey } from "@/lib/current-user";

/**
 * Offline reading, as WhatsApp and Instagram offer it: the last loaded feed page and the recent messages of the last
 * conversations stay on this device, and a visit while the network is away shows them (marked as offline) instead of
 * an empty card.
 *
 * - Saving: whenever a query the app names (`isKept`) has new data, the kept queries are written to localStorage a
 *   moment later, infinite lists cut to their first page (the newest), messages of the latest conversations only.
 * - Restoring: only when the app starts without a network (the service worker then serves the cached shell, with
 *   the `plaza-offline` meta). Online, the app reads everything fresh as always; restored data is refetched as soon
 *   as the network is back.
 * - Signing out (or an ended session) deletes it, with the service worker's marker, so the next person on this
 *   device sees nothing of it.
 */

const STORAGE_KEY = "plaza:offline-cache:v1";
/** The service worker serves the app shell offline only while this marker is in the Cache API. */
const MARKER_CACHE = "plaza-offline";
const MARKER_URL = "/__plaza-offline-ready";
/** Older than this, saved data is not shown: a week-old feed is not "what was just loaded". */
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const SAVE_DELAY_MS = 1_000;
/** Message lists of this many conversations are kept (the most recently loaded). */
const KEPT_CONVERSATIONS = 5;

interface SavedCache {
  savedAt: number;
  state: DehydratedState;
}

interface InfiniteData {
  pages: unknown[];
  pageParams: unknown[];
}

const isInfinite = (data: unknown): data is InfiniteData =>
  typeof data === "object" && data !== null && Array.isArray((data as InfiniteData).pages);

/** Did this page start without a network (the browser says so, or the service worker served the cached shell)? */
export function isOfflineStart(): boolean {
  return !navigator.onLine || document.querySelector('meta[name="plaza-offline"]') !== null;
}

function read(): SavedCache | null {
  try {
    const text = window.localStorage.getItem(STORAGE_KEY);
    if (!text) return null;
    const saved = JSON.parse(text) as SavedCache;
    return Date.now() - saved.savedAt <= MAX_AGE_MS ? saved : null;
  } catch {
    return null;
  }
}

/** Set once this page has deleted what was kept (it is leaving for sign-out or sign-in): it keeps nothing more. */
let isStopped = false;

/** Deletes what was kept for offline reading (sign-out, an ended session), and keeps nothing more on this page. */
export function clearOfflineCache(): void {
  isStopped = true;
  try {
    window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused (a private mode): nothing was kept.
  }
  if ("caches" in window) void caches.delete(MARKER_CACHE).catch(() => undefined);
}

export interface OfflineCacheOptions {
  /** Which queries are kept for offline reading (by key). */
  isKept(queryKey: readonly unknown[]): boolean;
  /** Queries holding one conversation's messages: only the latest few conversations are kept. */
  isConversationMessages(queryKey: readonly unknown[]): boolean;
}

function save(queryClient: QueryClient, options: OfflineCacheOptions): void {
  if (isStopped) return;
  // Signed out (the session ended elsewhere): nothing of the last person stays on the device.
  if (queryClient.getQueryData(currentUserQueryKey) === null) {
    clearOfflineCache();
    return;
  }
  const messageQueries = queryClient
    .getQueryCache()
    .findAll({ predicate: (query) => options.isConversationMessages(query.queryKey) })
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)
    .slice(0, KEPT_CONVERSATIONS);
  const keptMessages = new Set<Query>(messageQueries);
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) =>
      query.state.status === "success" &&
      query.state.data !== undefined &&
      options.isKept(query.queryKey) &&
      (!options.isConversationMessages(query.queryKey) || keptMessages.has(query)),
  });
  // What an earlier page load kept (the feed, before a reload on a conversation) stays unless read again since.
  const current = new Set(state.queries.map((query) => query.queryHash));
  const earlier = (read()?.state.queries ?? []).filter(
    (query) => !current.has(query.queryHash) && options.isKept(query.queryKey),
  );
  const merged = [...state.queries, ...earlier];
  const conversations = merged
    .filter((query) => options.isConversationMessages(query.queryKey))
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)
    .slice(KEPT_CONVERSATIONS);
  state.queries = merged.filter((query) => !conversations.includes(query));
  for (const query of state.queries) {
    const data = query.state.data;
    if (isInfinite(data)) {
      query.state.data = { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) };
    }
  }
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify({ savedAt: Date.now(), state } satisfies SavedCache));
    if ("caches" in window) {
      void caches
        .open(MARKER_CACHE)
        .then((cache) => cache.put(MARKER_URL, new Response("1")))
        .catch(() => undefined);
    }
  } catch {
    // Storage full or refused: offline reading is a convenience, never a failure.
  }
}

/**
 * Restores the kept queries when the app starts offline, and keeps saving them while it runs. Returns whether saved
 * data was restored (the app then shows it marked as offline).
 */
export function startOfflineCache(queryClient: QueryClient, options: OfflineCacheOptions): boolean {
  let isRestored = false;
  // TanStack Query assumes it starts online and then follows the browser's online/offline events: a page opened
  // without a network would never hear "offline", so it starts from what the browser says now.
  if (!navigator.onLine) onlineManager.setOnline(false);
  if (isOfflineStart()) {
    const saved = read();
    if (saved) {
      hydrate(queryClient, saved.state);
      isRestored = true;
      // Shown from this device until the network is back; then everything is read fresh.
      const unsubscribe = onlineManager.subscribe((isOnline) => {
        if (!isOnline) return;
        unsubscribe();
        void queryClient.invalidateQueries();
      });
    }
  }
  let timer: number | undefined;
  const flush = () => {
    if (timer === undefined) return;
    window.clearTimeout(timer);
    timer = undefined;
    save(queryClient, options);
  };
  const saveSoon = () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(flush, SAVE_DELAY_MS);
  };
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== "updated" || event.action.type !== "success") return;
    if (options.isKept(event.query.queryKey)) saveSoon();
  });
  // A page the server rendered came with its data (the feed, a conversation's messages): kept as if just loaded.
  const cache = queryClient.getQueryCache().getAll();
  if (!isRestored && cache.some((query) => query.state.status === "success" && options.isKept(query.queryKey))) {
    saveSoon();
  }
  // Leaving the page (a reload, a link opened in the same tab, the app sent to the background) saves at once.
  window.addEventListener("pagehide", flush);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flush();
  });
  return isRestored;
}
