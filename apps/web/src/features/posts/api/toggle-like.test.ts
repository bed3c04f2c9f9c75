import type { PostView } from "@plaza/contracts/posts";
import { MutationObserver, QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/components/ui/use-toast";
import { feedQueryKey, type PostPage } from "./get-feed";
import { userPostsQueryKey } from "./get-user-posts";
import { likeMutationOptions } from "./toggle-like";

vi.mock("@/components/ui/use-toast", () => ({ toast: vi.fn() }));

const POST_ID = "11111111-1111-4111-8111-111111111111";
const LIKE_FAILED = "Failed to update like. Please try again.";
const post = (id: string, likeCount: number, isLiked = false) => ({ id, likeCount, isLiked }) as PostView;
const pages = (...posts: PostView[]) => ({ pages: [{ posts, nextCursor: null }], pageParams: [null] });

/** A fetch that answers only when the test says so, like a slow server. */
function holdFetch() {
  let answer: (response: Response) => void = () => undefined;
  const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
  vi.stubGlobal("fetch", fetchMock);
  return { fetchMock, answer: (status: number, body: unknown) => answer(Response.json(body, { status })) };
}

describe("likeMutationOptions", () => {
  let queryClient: QueryClient;
  const feedKey = [...feedQueryKey, {}];
  const profileKey = userPostsQueryKey("author");
  const likeCounts = () => ({
    feed: queryClient.getQueryData<{ pages: PostPage[] }>(feedKey)?.pages[0]?.posts[1],
    profile: queryClient.getQueryData<{ pages: PostPage[] }>(profileKey)?.pages[0]?.posts[0],
    page: queryClient.getQueryData<PostView>(["/api/posts", POST_ID]),
  });

  beforeEach(() => {
    queryClient = new QueryClient();
    queryClient.setQueryData(feedKey, pages(post("other", 3), post(POST_ID, 5)));
    queryClient.setQueryData(profileKey, pages(post(POST_ID, 5)));
    queryClient.setQueryData(["/api/posts", POST_ID], post(POST_ID, 5));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(toast).mockClear();
  });

  it("counts the like in every cached copy before the server answers, then takes the server's count", async () => {
    const server = holdFetch();
    const like = new MutationObserver(queryClient, likeMutationOptions(queryClient, POST_ID, LIKE_FAILED)).mutate(
      false,
    );

    await vi.waitFor(() => expect(server.fetchMock).toHaveBeenCalled());
    const pending = likeCounts();
    expect([pending.feed, pending.profile, pending.page].map((copy) => [copy?.isLiked, copy?.likeCount])).toEqual([
      [true, 6],
      [true, 6],
      [true, 6],
    ]);
    expect(queryClient.getQueryData<{ pages: PostPage[] }>(feedKey)?.pages[0]?.posts[0]?.likeCount).toBe(3);

    server.answer(201, { postId: POST_ID, isLiked: true, likeCount: 9 });
    await like;
    expect(likeCounts().feed?.likeCount).toBe(9);
    expect(likeCounts().page?.likeCount).toBe(9);
    expect(toast).not.toHaveBeenCalled();
  });

  it("rolls every copy back and shows the error toast when the server refuses", async () => {
    const server = holdFetch();
    const like = new MutationObserver(queryClient, likeMutationOptions(queryClient, POST_ID, LIKE_FAILED)).mutate(
      false,
    );
    await vi.waitFor(() => expect(likeCounts().profile?.likeCount).toBe(6));

    server.answer(403, { message: "You cannot like this post" });
    await expect(like).rejects.toThrow();
    const after = likeCounts();
    expect([after.feed, after.profile, after.page].map((copy) => [copy?.isLiked, copy?.likeCount])).toEqual([
      [false, 5],
      [false, 5],
      [false, 5],
    ]);
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ variant: "destructive" }));
  });

  it("an unlike lowers the count at once", async () => {
    queryClient.setQueryData(["/api/posts", POST_ID], post(POST_ID, 1, true));
    const server = holdFetch();
    const unlike = new MutationObserver(queryClient, likeMutationOptions(queryClient, POST_ID, LIKE_FAILED)).mutate(
      true,
    );
    await vi.waitFor(() => expect(likeCounts().page).toMatchObject({ isLiked: false, likeCount: 0 }));
    expect(server.fetchMock).toHaveBeenCalledWith(
      `/api/likes/${POST_ID}`,
      expect.objectContaining({ method: "DELETE" }),
    );
    server.answer(200, { postId: POST_ID, isLiked: false, likeCount: 0 });
    await unlike;
  });
});
