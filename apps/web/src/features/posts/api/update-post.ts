import type { PostView, UpdatePostInput } from "@plaza/contracts/posts";
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/** Every cached list or copy of posts: post lists, profiles' posts, search results. */
export function refreshPostQueries(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const root = query.queryKey[0];
      return typeof root === "string" && /^\/api\/(posts|users|search)/.test(root);
    },
  });
}

/** PATCH /api/posts/{id} (author only): title, text, tags, place. */
export function useUpdatePost(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePostInput) => apiRequest<PostView>("PATCH", `/api/posts/${postId}`, body),
    onSuccess: () => refreshPostQueries(queryClient),
  });
}
