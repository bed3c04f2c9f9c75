import type { LikeView } from "@plaza/contracts/posts";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/** Liked → DELETE /api/likes/{postId}; not liked → POST /api/likes (seed-spec §4 "Like"). */
export function useToggleLike(postId: string) {
  return useMutation({
    mutationFn: (isLiked: boolean) =>
      isLiked
        ? apiRequest<LikeView>("DELETE", `/api/likes/${postId}`)
        : apiRequest<LikeView>("POST", "/api/likes", { postId }),
  });
}
