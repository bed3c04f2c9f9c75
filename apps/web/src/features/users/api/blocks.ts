import type { BlockBody, BlockView } from "@plaza/contracts/blocks";
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { apiFetch, apiRequest } from "@/lib/api-client";
import { currentUserQueryKey } from "@/lib/current-user";

/** GET /api/users/{userId}/blocked (owner only), page by page. */
export const blockedUsersQuery = (userId: string) =>
  infiniteQueryOptions({
    queryKey: ["/api/users", userId, "blocked"],
    queryFn: async ({ pageParam }) => {
      const query = pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : "";
      return apiFetch<BlockView[]>("GET", `/api/users/${userId}/blocked${query}`);
    },
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
    mutationFn: (body: BlockBody) => apiRequest<BlockView>("POST", "/api/blocks", body),
    onSuccess: (block) => {
      void queryClient.invalidateQueries({ queryKey: ["/api/users"] });
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      void queryClient.invalidateQueries({ queryKey: ["/api/follows/status", block.blockedId] });
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
    mutationFn: (blockedId: string) => apiRequest<null>("DELETE", `/api/blocks/${blockedId}`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ["/api/users"] });
      toast({ title: "User Unblocked", description: "The user has been unblocked successfully." });
    },
    onError: (error) => {
      toastFailure(error, "Failed to unblock user. Please try again.");
    },
  });
}
