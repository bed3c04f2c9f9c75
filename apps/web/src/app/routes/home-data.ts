import type { QueryClient } from "@tanstack/react-query";
import { feedQuery } from "@/features/posts/api/get-feed";
import { locationQueryOf, readLocationFilter } from "@/features/posts/hooks/use-location-filter";
import { paths } from "@/lib/paths";

/**
 * Starts the home screen's feed request (the largest thing the screen paints) while the home page's code is
 * still downloading; the feed then finds the request under the same query key, as `useLocationQuery` builds it.
 * Not on /discover: the home opens there on its Discover tab (home.tsx), without the feed.
 */
export async function prefetchHomeData(queryClient: QueryClient, path: string): Promise<void> {
  if (path === paths.discover) return;
  await queryClient.prefetchInfiniteQuery(feedQuery(locationQueryOf(readLocationFilter())));
}
