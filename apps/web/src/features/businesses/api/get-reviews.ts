import type { ReviewView } from "@plaza/contracts/checkins";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch, apiRequest } from "@/lib/api-client";

const reviewsKey = (businessId: string) => ["/api/businesses", businessId, "reviews"] as const;

/** A business's verified reviews, newest first, a page at a time (public). */
export function useBusinessReviews(businessId: string, pageSize = 10) {
  return useInfiniteQuery({
    queryKey: [...reviewsKey(businessId), "pages", pageSize],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ limit: String(pageSize) });
      if (pageParam) params.set("cursor", pageParam);
      return apiFetch<ReviewView[]>("GET", `/api/businesses/${businessId}/reviews?${params}`);
    },
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** The owner's reply to a review: `text` posts or edits it, null deletes it. Refreshes the business's reviews. */
export function useReviewReply(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, text }: { reviewId: string; text: string | null }) =>
      text === null
        ? apiRequest("DELETE", `/api/reviews/${reviewId}/reply`)
        : apiRequest<ReviewView>("PUT", `/api/reviews/${reviewId}/reply`, { text }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsKey(businessId) }),
  });
}
