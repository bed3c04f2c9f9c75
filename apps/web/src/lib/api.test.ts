import { afterEach, describe, expect, expectTypeOf, it, vi } from "vitest";
import {
  api,
  fetchOperation,
  fetchOperationPage,
  fetchPageOf,
  operationQuery,
  optionalOperationQuery,
  queryKeyFor,
  queryKeyRoot,
  urlOf,
} from "./api";
import { ApiError } from "./api-client";

const answer = (body: unknown, init: ResponseInit = {}) =>
  new Response(body === null ? null : JSON.stringify(body), { status: 200, ...init });

function stubFetch(response: () => Response) {
  const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => response());
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe("the typed client (lib/api.ts)", () => {
  it("sends JSON with credentials to the path with its parameters filled in", async () => {
    const fetchMock = stubFetch(() => answer({ isFollowing: true, status: "following" }));
    await api.post("/api/follows", { body: { followingId: "u 1" } });
    await api.delete("/api/follows/{userId}", { params: { path: { userId: "u 1" } } });
    expect(fetchMock.mock.calls).toEqual([
      [
        "/api/follows",
        {
          method: "POST",
          credentials: "include",
          headers: { "content-type": "application/json" },
          body: '{"followingId":"u 1"}',
        },
      ],
      ["/api/follows/u%201", { method: "DELETE", credentials: "include", headers: {}, body: undefined }],
    ]);
  });

  it("raises ApiError with the status, the body and the server's message on a non-2xx answer", async () => {
    stubFetch(() => answer({ message: "Title is required" }, { status: 400 }));
    const failure = await api
      .post("/api/posts", { body: { title: "", content: "x", postType: "regular" } })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(400);
    expect((failure as ApiError).message).toBe('400: {"message":"Title is required"}');
    expect((failure as ApiError).body).toEqual({ message: "Title is required" });
    expect((failure as ApiError).serverMessage).toBe("Title is required");
  });

  it("answers null for 204", async () => {
    stubFetch(() => new Response(null, { status: 204 }));
    const result = await api.post("/api/notifications/read-all");
    expect(result).toBeNull();
  });

  it("reads a page: the items and the next cursor from X-Next-Cursor, sending the cursor it was given", async () => {
    const fetchMock = stubFetch(() => answer([{ id: "n1" }], { headers: { "X-Next-Cursor": "abc" } }));
    const page = await fetchPageOf("getNotifications", "prev", { params: { query: { limit: 20 } } });
    expect(page).toEqual({ items: [{ id: "n1" }], nextCursor: "abc" });
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/notifications?limit=20&cursor=prev");
    stubFetch(() => answer([]));
    expect(await fetchPageOf("getNotifications", null)).toEqual({ items: [], nextCursor: null });
  });

  it("reads an object answer with its next cursor (search's posts)", async () => {
    const fetchMock = stubFetch(() => answer({ posts: [{ id: "p1" }] }, { headers: { "X-Next-Cursor": "c2" } }));
    const page = await fetchOperationPage("getSearch", "c1", { params: { query: { q: "tea", type: "posts" } } });
    expect(page).toEqual({ data: { posts: [{ id: "p1" }] }, nextCursor: "c2" });
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/search?q=tea&type=posts&cursor=c1");
  });

  it("sends header parameters as headers", async () => {
    const fetchMock = stubFetch(() => answer({}));
    await api.post("/api/tips", {
      params: { header: { "idempotency-key": "k1" } },
      body: { receiverId: "u1", amount: 500 },
    });
    expect(fetchMock.mock.calls[0]?.[1].headers).toEqual({
      "content-type": "application/json",
      "idempotency-key": "k1",
    });
  });

  it("leaves empty query values out of the URL", () => {
    expect(urlOf("/api/posts/feed", { params: { query: { city: "Berlin", state: "", country: undefined } } })).toBe(
      "/api/posts/feed?city=Berlin",
    );
  });
});

describe("cache keys derived from operation ids", () => {
  it("are URL segments: the fixed lead, each later segment, then the query", () => {
    expect(queryKeyFor("getAuthUser")).toEqual(["/api/auth/user"]);
    expect(queryKeyFor("getUsersByUserIdPosts", { params: { path: { userId: "42" } } })).toEqual([
      "/api/users",
      "42",
      "posts",
    ]);
    expect(queryKeyFor("getUsersSuggested", { params: { query: { limit: 5 } } })).toEqual([
      "/api/users/suggested",
      { limit: 5 },
    ]);
  });

  it("have a root naming every key under the path's fixed lead (what invalidations use)", () => {
    expect(queryKeyRoot("getUsersByUserId")).toEqual(["/api/users"]);
    expect(queryKeyRoot("getSearch")).toEqual(["/api/search"]);
  });

  it("give the signed-out query null for 401 and a failure for anything else", async () => {
    stubFetch(() => answer({ message: "Unauthorized" }, { status: 401 }));
    const query = optionalOperationQuery("getAuthUser");
    expect(query.queryKey).toEqual(["/api/auth/user"]);
    expect(await (query.queryFn as () => Promise<unknown>)()).toBeNull();
    stubFetch(() => answer({ message: "Down" }, { status: 503 }));
    await expect((query.queryFn as () => Promise<unknown>)()).rejects.toBeInstanceOf(ApiError);
  });

  it("give a query whose queryFn calls the operation the key names", async () => {
    const fetchMock = stubFetch(() => answer({ id: "p1" }));
    const options = operationQuery("getPostsById", { params: { path: { id: "p1" } } });
    expect(options.queryKey).toEqual(["/api/posts", "p1"]);
    await fetchOperation("getPostsById", { params: { path: { id: "p1" } } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/posts/p1");
  });
});

/** Never run: `npm run typecheck` checks that the document's types reach every call (`@ts-expect-error` must fail). */
export async function typeChecks() {
  // @ts-expect-error a path the API does not have
  await api.get("/api/no-such-path");
  // @ts-expect-error a method the path does not have
  await api.put("/api/follows", { body: { followingId: "u1" } });
  // @ts-expect-error a missing path parameter
  await api.delete("/api/follows/{userId}", { params: { path: {} } });
  // @ts-expect-error no init at all for a call with a path parameter
  await api.delete("/api/follows/{userId}");
  // @ts-expect-error a wrong body field
  await api.post("/api/follows", { body: { followingID: "u1" } });
  // @ts-expect-error a body of the wrong type
  await api.post("/api/likes", { body: { postId: 42 } });
  // @ts-expect-error a key for an operation that is not a GET
  queryKeyFor("postFollows");
  const status = await api.post("/api/follows", { body: { followingId: "u1" } });
  expectTypeOf(status).toHaveProperty("isFollowing");
  const done = await api.post("/api/notifications/read-all");
  expectTypeOf(done).toEqualTypeOf<null>();
  const page = await fetchPageOf("getNotifications", null);
  expectTypeOf(page.nextCursor).toEqualTypeOf<string | null>();
}
