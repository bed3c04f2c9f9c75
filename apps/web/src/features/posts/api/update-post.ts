import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, type RequestBodyOf } from "@/lib/api";

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
    mutationFn: (body: RequestBodyOf<"patchPostsById">) =>
      api.patch("/api/posts/{id}", { params: { path: { id: postId } }, body }),
    onSuccess: () => refreshPostQueries(queryClient),
  });
}
