import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, queryKeyFor, type RequestBodyOf } from "@/lib/api";
import { currentUserQueryKey } from "@/lib/current-user";
import { feedQueryKey } from "./get-feed";
import { trendingQueryKey } from "./get-trending";
import { userPostsQueryKey } from "./get-user-posts";

/** POST /api/posts; refreshes the feed, the author's posts and the author's counts. */
export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestBodyOf<"postPosts">) => api.post("/api/posts", { body }),
    onSuccess: async (post) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: feedQueryKey }),
        queryClient.invalidateQueries({ queryKey: trendingQueryKey }),
        queryClient.invalidateQueries({ queryKey: userPostsQueryKey(post.authorId) }),
        queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
        queryClient.invalidateQueries({
          queryKey: queryKeyFor("getUsersByUserId", { params: { path: { userId: post.authorId } } }),
        }),
      ]);
    },
  });
}
