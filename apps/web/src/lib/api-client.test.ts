import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiFetch } from "./api-client";

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
