import { FOLLOW_REQUEST_TEXTS } from "@plaza/contracts/follows.texts";
import type { UserSummaryView } from "@plaza/contracts/users";
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { apiFetch, apiRequest } from "@/lib/api-client";
import { currentUserQueryKey } from "@/lib/current-user";

/** GET /api/follows/requests: people asking to follow the signed-in private account. */
export const followRequestsQuery = () =>
  infiniteQueryOptions({
    queryKey: ["/api/follows/requests"],
    queryFn: async ({ pageParam }) => {
      const query = pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : "";
      return apiFetch<UserSummaryView[]>("GET", `/api/follows/requests${query}`);
    },
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
        ? apiRequest<null>("POST", `/api/follows/requests/${userId}/approve`)
        : apiRequest<null>("DELETE", `/api/follows/requests/${userId}`),
    onSuccess: (_result, { isApproved }) => {
      void queryClient.invalidateQueries({ queryKey: ["/api/follows/requests"] });
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      void queryClient.invalidateQueries({ queryKey: ["/api/users"] });
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
