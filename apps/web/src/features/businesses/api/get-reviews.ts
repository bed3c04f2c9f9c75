import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, fetchListOf, queryKeyFor } from "@/lib/api";

const reviewsKey = (businessId: string) =>
  queryKeyFor("getBusinessesByIdReviews", { params: { path: { id: businessId } } });

/** A business's verified reviews, newest first, a page at a time (public). */
export function useBusinessReviews(businessId: string, pageSize = 10) {
  return useInfiniteQuery({
    queryKey: [...reviewsKey(businessId), "pages", pageSize],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      fetchListOf("getBusinessesByIdReviews", pageParam, {
        params: { path: { id: businessId }, query: { limit: pageSize } },
      }),
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** The owner's reply to a review: `text` posts or edits it, null deletes it. Refreshes the business's reviews. */
export function useReviewReply(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, text }: { reviewId: string; text: string | null }) =>
      text === null
        ? api.delete("/api/reviews/{id}/reply", { params: { path: { id: reviewId } } })
        : api.put("/api/reviews/{id}/reply", { params: { path: { id: reviewId } }, body: { text } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsKey(businessId) }),
  });
}
