import { useInfiniteQuery } from "@tanstack/react-query";
import { fetchPageOf, queryKeyFor } from "@/lib/api";
import { fetchPostPage } from "./get-feed";

/** The photos of one business, as the query cache holds them. */
export const businessPhotosQueryKey = (businessId: string) =>
  queryKeyFor("getBusinessesByIdPhotos", { params: { path: { id: businessId } } });

/** A business's customers' photos: the visible posts tagged to it that hold a picture, newest first. */
export function useBusinessPhotos(businessId: string) {
  return useInfiniteQuery({
    queryKey: businessPhotosQueryKey(businessId),
    queryFn: ({ pageParam }) =>
      fetchPostPage(() => fetchPageOf("getBusinessesByIdPhotos", pageParam, { params: { path: { id: businessId } } })),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}
