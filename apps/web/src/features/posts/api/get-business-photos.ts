import { useInfiniteQuery } from "@tanstack/react-query";
import { urlFromQueryKey } from "@/lib/api-client";
import { fetchPostPage } from "./get-feed";

/** The photos of one business, as the query cache holds them. */
export const businessPhotosQueryKey = (businessId: string) => ["/api/businesses", businessId, "photos"] as const;

/** A business's customers' photos: the visible posts tagged to it that hold a picture, newest first. */
export function useBusinessPhotos(businessId: string) {
  return useInfiniteQuery({
    queryKey: businessPhotosQueryKey(businessId),
    queryFn: ({ queryKey, pageParam }) => fetchPostPage(urlFromQueryKey(queryKey), pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}
