import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { defineMessages, useIntl } from "react-intl";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { api, fetchListOf, queryKeyFor, queryKeyRoot } from "@/lib/api";
import { currentUserQueryKey } from "@/lib/current-user";

const messages = defineMessages({
  approvedTitle: { id: "follows.requests.approvedTitle", defaultMessage: "Request Approved" },
  approved: { id: "follows.requests.approved", defaultMessage: "This user now follows you" },
  declinedTitle: { id: "follows.requests.declinedTitle", defaultMessage: "Request Declined" },
  declined: { id: "follows.requests.declined", defaultMessage: "The follow request has been declined" },
  failed: { id: "follows.requests.failed", defaultMessage: "Failed to update follow status" },
});

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
  const intl = useIntl();
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
          ? { title: intl.formatMessage(messages.approvedTitle), description: intl.formatMessage(messages.approved) }
          : { title: intl.formatMessage(messages.declinedTitle), description: intl.formatMessage(messages.declined) },
      );
    },
    onError: (error) => {
      toastFailure(error, intl.formatMessage(messages.failed));
    },
  });
}
