import type { BlockBody } from "@plaza/contracts/blocks";
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { defineMessages, useIntl } from "react-intl";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { api, fetchListOf, queryKeyFor, queryKeyRoot } from "@/lib/api";
import { currentUserQueryKey } from "@/lib/current-user";

const messages = defineMessages({
  blockedTitle: { id: "users.blocks.blockedTitle", defaultMessage: "User Blocked" },
  blocked: { id: "users.blocks.blocked", defaultMessage: "You will no longer see each other." },
  blockFailed: { id: "users.blocks.blockFailed", defaultMessage: "Failed to block user. Please try again." },
  unblockedTitle: { id: "users.blocks.unblockedTitle", defaultMessage: "User Unblocked" },
  unblocked: { id: "users.blocks.unblocked", defaultMessage: "The user has been unblocked successfully." },
  unblockFailed: { id: "users.blocks.unblockFailed", defaultMessage: "Failed to unblock user. Please try again." },
});

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
  const intl = useIntl();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BlockBody) => api.post("/api/blocks", { body }),
    onSuccess: (block) => {
      void queryClient.invalidateQueries({ queryKey: queryKeyRoot("getUsersByUserId") });
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      void queryClient.invalidateQueries({
        queryKey: queryKeyFor("getFollowsStatusByUserId", { params: { path: { userId: block.blockedId } } }),
      });
      toast({ title: intl.formatMessage(messages.blockedTitle), description: intl.formatMessage(messages.blocked) });
    },
    onError: (error) => {
      toastFailure(error, intl.formatMessage(messages.blockFailed));
    },
  });
}

/** DELETE /api/blocks/{blockedId} */
export function useUnblockUser() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (blockedId: string) => api.delete("/api/blocks/{blockedId}", { params: { path: { blockedId } } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeyRoot("getUsersByUserId") });
      toast({
        title: intl.formatMessage(messages.unblockedTitle),
        description: intl.formatMessage(messages.unblocked),
      });
    },
    onError: (error) => {
      toastFailure(error, intl.formatMessage(messages.unblockFailed));
    },
  });
}
