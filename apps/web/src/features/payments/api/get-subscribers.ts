import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { pagedOperationQuery } from "@/lib/paged-list";

/** The signed-in creator's subscribers, newest first, page by page. */
export const subscribersQuery = () =>
  infiniteQueryOptions({
    ...pagedOperationQuery("getSubscriptionsSubscribers", { params: { query: { limit: 20 } } }),
    staleTime: 0,
  });

export function useSubscribers(isEnabled: boolean) {
  return useInfiniteQuery({ ...subscribersQuery(), enabled: isEnabled });
}
