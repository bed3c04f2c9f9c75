import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, queryKeyRoot } from "@/lib/api";
import { currentUserQueryKey } from "@/lib/current-user";
import { feedQueryKey } from "./get-feed";
import { trendingQueryKey } from "./get-trending";

/** DELETE /api/posts/{id} (author only); refreshes every post list and the author's counts. */
export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) => api.delete("/api/posts/{id}", { params: { path: { id: postId } } }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: feedQueryKey }),
        queryClient.invalidateQueries({ queryKey: trendingQueryKey }),
        queryClient.invalidateQueries({ queryKey: queryKeyRoot("getUsersByUserId") }),
        queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
      ]);
    },
  });
}
