import type { PostView } from "@plaza/contracts/posts";
import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { feedQuery } from "@/features/posts/api/get-feed";
import { prefetchHomeData } from "./home-data";

const post = { id: "11111111-1111-4111-8111-111111111111", title: "Early bird" } as PostView;

/** A browser window whose saved location filter is `saved` (null: none). */
function stubWindow(saved: unknown) {
  const storage = new Map<string, string>(saved ? [["plaza.locationFilter", JSON.stringify(saved)]] : []);
  vi.stubGlobal("window", { localStorage: { getItem: (key: string) => storage.get(key) ?? null } });
}

describe("prefetchHomeData", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("puts the feed where the home screen's feed reads it, before the home page's code is there", async () => {
    stubWindow(null);
    const fetchMock = vi.fn(async () => Response.json([post]));
    vi.stubGlobal("fetch", fetchMock);
    const queryClient = new QueryClient();
    await prefetchHomeData(queryClient, "/");
    expect(fetchMock).toHaveBeenCalledWith("/api/posts/feed", expect.objectContaining({ method: "GET" }));
    const cached = queryClient.getQueryData(feedQuery({}).queryKey);
    expect(cached?.pages[0]?.posts).toEqual([post]);
  });

  it("asks for the feed with the saved location filter, as the feed does", async () => {
    stubWindow({ type: "city", text: "Porto" });
    const fetchMock = vi.fn(async () => Response.json([]));
    vi.stubGlobal("fetch", fetchMock);
    const queryClient = new QueryClient();
    await prefetchHomeData(queryClient, "/");
    expect(fetchMock).toHaveBeenCalledWith("/api/posts/feed?city=Porto", expect.anything());
    expect(queryClient.getQueryData(feedQuery({ city: "Porto" }).queryKey)).toBeDefined();
  });

  it("asks for nothing on /discover: the home opens there on its Discover tab, without the feed", async () => {
    stubWindow(null);
    const fetchMock = vi.fn(async () => Response.json([]));
    vi.stubGlobal("fetch", fetchMock);
    await prefetchHomeData(new QueryClient(), "/discover");
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
