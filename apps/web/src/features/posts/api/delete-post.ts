import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { currentUserQueryKey } from "@/lib/current-user";
import { feedQueryKey } from "./get-feed";
import { trendingQueryKey } from "./get-trending";

/** DELETE /api/posts/{id} (author only); refreshes every post list and the author's counts. */
export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) => apiRequest<null>("DELETE", `/api/posts/${postId}`),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: feedQueryKey }),
        queryClient.invalidateQueries({ queryKey: trendingQueryKey }),
        queryClient.invalidateQueries({ queryKey: ["/api/users"] }),
        queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
      ]);
    },
  });
}
