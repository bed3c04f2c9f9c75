import type { UpdateCommentBody } from "@plaza/contracts/posts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { commentsQueryKey } from "./get-comments";
import { refreshPostQueries } from "./update-post";

/** PATCH /api/comments/{id} (the comment's author). */
export function useUpdateComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, body }: { commentId: string; body: UpdateCommentBody }) =>
      api.patch("/api/comments/{id}", { params: { path: { id: commentId } }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commentsQueryKey(postId) }),
  });
}

/** DELETE /api/comments/{id} (the comment's author or the post's author); the post's count follows. */
export function useDeleteComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) => api.delete("/api/comments/{id}", { params: { path: { id: commentId } } }),
    onSuccess: () => refreshPostQueries(queryClient),
  });
}
