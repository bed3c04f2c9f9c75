import type { CommentView, CreateCommentBody } from "@plaza/contracts/posts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { commentsQueryKey } from "./get-comments";

export function useCreateComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCommentBody) => apiRequest<CommentView>("POST", `/api/posts/${postId}/comments`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commentsQueryKey(postId) }),
  });
}
