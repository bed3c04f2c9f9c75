import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { currentUserQueryKey } from "@/lib/current-user";
import { offlineQueries } from "./offline-queries";

/** The browser pieces the offline cache touches, in memory. */
function fakeBrowser(isOnline: boolean) {
  const stored = new Map<string, string>();
  const listeners = new Map<string, (() => void)[]>();
  const on = (type: string, listener: () => void) => listeners.set(type, [...(listeners.get(type) ?? []), listener]);
  vi.stubGlobal("window", {
    localStorage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
      removeItem: (key: string) => stored.delete(key),
    },
    setTimeout: (run: () => void) => setTimeout(run, 0),
    clearTimeout: (timer: ReturnType<typeof setTimeout>) => clearTimeout(timer),
    addEventListener: on,
  });
  vi.stubGlobal("navigator", { onLine: isOnline });
  vi.stubGlobal("document", { querySelector: () => null, addEventListener: on, visibilityState: "visible" });
  const leave = () => {
    for (const listener of listeners.get("pagehide") ?? []) listener();
  };
  return { stored, leave };
}

const KEY = "plaza:offline-cache:v1";
const user = { id: "u1", username: "pia" };
const feedKey = ["/api/posts/feed", {}];
const messagesKey = (id: string) => ["/api/conversations", id, "messages"];

async function loadModule() {
  vi.resetModules();
  return import("@/lib/offline-cache");
}

beforeEach(() => {
  vi.useRealTimers();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("offline reading", () => {
  it("keeps the feed's first page, the latest five conversations and the kept lists, and merges earlier page loads", async () => {
    const browser = fakeBrowser(true);
    const { startOfflineCache } = await loadModule();
    const first = new QueryClient();
    startOfflineCache(first, offlineQueries);
    first.setQueryData(currentUserQueryKey, user);
    first.setQueryData(feedKey, { pages: [["newest"], ["older"]], pageParams: [null, "c1"] });
    first.setQueryData(["/api/coupons/active"], [{ id: "coupon" }]);
    first.setQueryData(["/api/posts", "p1"], { id: "not kept" });
    browser.leave();
    // A reload on a conversation: a new query client, with its own queries.
    const second = new QueryClient();
    startOfflineCache(second, offlineQueries);
    second.setQueryData(currentUserQueryKey, user);
    for (let index = 0; index < 7; index += 1)
      second.setQueryData(messagesKey(`c${index}`), { pages: [[index]], pageParams: [null] });
    browser.leave();

    const kept = JSON.parse(browser.stored.get(KEY) ?? "{}") as {
      state: { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
    };
    const byKey = new Map(kept.state.queries.map((query) => [JSON.stringify(query.queryKey), query.state.data]));
    expect(byKey.get(JSON.stringify(feedKey))).toEqual({ pages: [["newest"]], pageParams: [null] });
    expect(byKey.get(JSON.stringify(["/api/coupons/active"]))).toEqual([{ id: "coupon" }]);
    expect(byKey.has(JSON.stringify(["/api/posts", "p1"]))).toBe(false);
    const conversations = [...byKey.keys()].filter((key) => key.endsWith('"messages"]'));
    expect(conversations).toHaveLength(5);
  });

  it("restores only when the app starts without a network", async () => {
    const online = fakeBrowser(true);
    const { startOfflineCache } = await loadModule();
    const writer = new QueryClient();
    startOfflineCache(writer, offlineQueries);
    writer.setQueryData(currentUserQueryKey, user);
    writer.setQueryData(feedKey, { pages: [["kept post"]], pageParams: [null] });
    online.leave();
    const saved = online.stored.get(KEY);

    const onlineStart = new QueryClient();
    expect(startOfflineCache(onlineStart, offlineQueries)).toBe(false);
    expect(onlineStart.getQueryData(feedKey)).toBeUndefined();

    const offline = fakeBrowser(false);
    offline.stored.set(KEY, saved ?? "");
    const { startOfflineCache: startOffline } = await loadModule();
    const offlineStart = new QueryClient();
    expect(startOffline(offlineStart, offlineQueries)).toBe(true);
    expect(offlineStart.getQueryData(feedKey)).toEqual({ pages: [["kept post"]], pageParams: [null] });
    expect(offlineStart.getQueryData(currentUserQueryKey)).toEqual(user);
  });

  it("keeps nothing of someone signed out, and nothing more once cleared", async () => {
    const browser = fakeBrowser(true);
    const { startOfflineCache } = await loadModule();
    const client = new QueryClient();
    startOfflineCache(client, offlineQueries);
    client.setQueryData(currentUserQueryKey, user);
    client.setQueryData(feedKey, { pages: [["a"]], pageParams: [null] });
    browser.leave();
    expect(browser.stored.has(KEY)).toBe(true);
    client.setQueryData(currentUserQueryKey, null);
    browser.leave();
    expect(browser.stored.has(KEY)).toBe(false);

    const again = fakeBrowser(true);
    const reloaded = await loadModule();
    const next = new QueryClient();
    reloaded.startOfflineCache(next, offlineQueries);
    next.setQueryData(currentUserQueryKey, user);
    reloaded.clearOfflineCache();
    next.setQueryData(feedKey, { pages: [["b"]], pageParams: [null] });
    again.leave();
    expect(again.stored.has(KEY)).toBe(false);
  });
});
