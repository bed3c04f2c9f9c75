import type { SubscriberView } from "@plaza/contracts/payments";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { fetchPage, pagedListOptions } from "@/lib/paged-list";

/** The signed-in creator's subscribers, newest first, page by page. */
export const subscribersQuery = () =>
  infiniteQueryOptions({
    queryKey: ["/api/subscriptions/subscribers", { limit: 20 }],
    queryFn: ({ queryKey, pageParam }) => fetchPage<SubscriberView>(queryKey, pageParam),
    ...pagedListOptions,
    staleTime: 0,
  });

export function useSubscribers(isEnabled: boolean) {
  return useInfiniteQuery({ ...subscribersQuery(), enabled: isEnabled });
}
