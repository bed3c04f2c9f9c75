import type { QueryClient } from "@tanstack/react-query";
import { feedQuery } from "@/features/posts/api/get-feed";
import { locationQueryOf, readLocationFilter } from "@/features/posts/hooks/use-location-filter";

/**
 * Starts the home screen's feed request (the largest thing the screen paints) while the home page's code is
 * still downloading; the feed then finds the request under the same query key, as `useLocationQuery` builds it.
 */
export function prefetchHomeData(queryClient: QueryClient): Promise<void> {
  return queryClient.prefetchInfiniteQuery(feedQuery(locationQueryOf(readLocationFilter())));
}
