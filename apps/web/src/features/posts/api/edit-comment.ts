import type { CommentView, UpdateCommentBody } from "@plaza/contracts/posts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { commentsQueryKey } from "./get-comments";
import { refreshPostQueries } from "./update-post";

/** PATCH /api/comments/{id} (the comment's author). */
export function useUpdateComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, body }: { commentId: string; body: UpdateCommentBody }) =>
      apiRequest<CommentView>("PATCH", `/api/comments/${commentId}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commentsQueryKey(postId) }),
  });
}

/** DELETE /api/comments/{id} (the comment's author or the post's author); the post's count follows. */
export function useDeleteComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) => apiRequest<null>("DELETE", `/api/comments/${commentId}`),
    onSuccess: () => refreshPostQueries(queryClient),
  });
}
