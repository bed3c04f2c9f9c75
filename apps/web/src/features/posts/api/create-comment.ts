import type { CreateCommentBody } from "@plaza/contracts/posts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { commentsQueryKey } from "./get-comments";

export function useCreateComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCommentBody) =>
      api.post("/api/posts/{id}/comments", { params: { path: { id: postId } }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commentsQueryKey(postId) }),
  });
}
