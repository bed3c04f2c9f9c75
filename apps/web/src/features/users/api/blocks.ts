import type { BlockBody } from "@plaza/contracts/blocks";
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { api, fetchListOf, queryKeyFor, queryKeyRoot } from "@/lib/api";
import { currentUserQueryKey } from "@/lib/current-user";

/** GET /api/users/{userId}/blocked (owner only), page by page. */
export const blockedUsersQuery = (userId: string) =>
  infiniteQueryOptions({
    queryKey: queryKeyFor("getUsersByUserIdBlocked", { params: { path: { userId } } }),
    queryFn: ({ pageParam }) => fetchListOf("getUsersByUserIdBlocked", pageParam, { params: { path: { userId } } }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    enabled: userId !== "",
  });

export function useBlockedUsers(userId: string) {
  return useInfiniteQuery(blockedUsersQuery(userId));
}

/** POST /api/blocks: follows both ways end; the profile disappears for both. */
export function useBlockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BlockBody) => api.post("/api/blocks", { body }),
    onSuccess: (block) => {
      void queryClient.invalidateQueries({ queryKey: queryKeyRoot("getUsersByUserId") });
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      void queryClient.invalidateQueries({
        queryKey: queryKeyFor("getFollowsStatusByUserId", { params: { path: { userId: block.blockedId } } }),
      });
      toast({ title: "User Blocked", description: "You will no longer see each other." });
    },
    onError: (error) => {
      toastFailure(error, "Failed to block user. Please try again.");
    },
  });
}

/** DELETE /api/blocks/{blockedId} */
export function useUnblockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (blockedId: string) => api.delete("/api/blocks/{blockedId}", { params: { path: { blockedId } } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeyRoot("getUsersByUserId") });
      toast({ title: "User Unblocked", description: "The user has been unblocked successfully." });
    },
    onError: (error) => {
      toastFailure(error, "Failed to unblock user. Please try again.");
    },
  });
}
