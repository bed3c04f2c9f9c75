import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiFetch, urlFromQueryKey } from "./api-client";

describe("urlFromQueryKey (docs/PRODUCT.md §7: GET to the key's segments joined by slashes)", () => {
  it("joins segments and appends a trailing object as the query string", () => {
    expect(urlFromQueryKey(["/api/auth/user"])).toBe("/api/auth/user");
    expect(urlFromQueryKey(["/api/users", "42", "posts"])).toBe("/api/users/42/posts");
    expect(urlFromQueryKey(["/api/posts/feed", { city: "Berlin", state: "", country: undefined }])).toBe(
      "/api/posts/feed?city=Berlin",
    );
  });
});

describe("apiFetch", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("raises 'status: body text' with the server's message kept apart", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ message: "Title is required" }), { status: 400 })),
    );
    const failure = await apiFetch("POST", "/api/posts", {}).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).toBe('400: {"message":"Title is required"}');
    expect((failure as ApiError).serverMessage).toBe("Title is required");
  });

  it("sends JSON with credentials", async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ ok: true }), { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    await apiFetch("POST", "/api/likes", { postId: "x" });
    expect(fetchMock).toHaveBeenCalledWith("/api/likes", {
      method: "POST",
      credentials: "include",
      headers: { "content-type": "application/json" },
      body: '{"postId":"x"}',
    });
  });
});
