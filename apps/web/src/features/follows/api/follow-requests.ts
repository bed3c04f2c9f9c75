import { FOLLOW_REQUEST_TEXTS } from "@plaza/contracts/follows.texts";
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { api, fetchListOf, queryKeyFor, queryKeyRoot } from "@/lib/api";
import { currentUserQueryKey } from "@/lib/current-user";

/** GET /api/follows/requests: people asking to follow the signed-in private account. */
export const followRequestsQuery = () =>
  infiniteQueryOptions({
    queryKey: queryKeyFor("getFollowsRequests"),
    queryFn: ({ pageParam }) => fetchListOf("getFollowsRequests", pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

export function useFollowRequests() {
  return useInfiniteQuery(followRequestsQuery());
}

/** Approves (POST …/approve) or declines (DELETE) a follow request. */
export function useAnswerFollowRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, isApproved }: { userId: string; isApproved: boolean }) =>
      isApproved
        ? api.post("/api/follows/requests/{userId}/approve", { params: { path: { userId } } })
        : api.delete("/api/follows/requests/{userId}", { params: { path: { userId } } }),
    onSuccess: (_result, { isApproved }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeyFor("getFollowsRequests") });
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      void queryClient.invalidateQueries({ queryKey: queryKeyRoot("getUsersByUserId") });
      toast(
        isApproved
          ? { title: FOLLOW_REQUEST_TEXTS.approvedTitle, description: FOLLOW_REQUEST_TEXTS.approved }
          : { title: FOLLOW_REQUEST_TEXTS.declinedTitle, description: FOLLOW_REQUEST_TEXTS.declined },
      );
    },
    onError: (error) => {
      toastFailure(error, "Failed to update follow status");
    },
  });
}
