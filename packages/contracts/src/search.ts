import { z } from "zod";
import { businessCategory } from "./businesses";
import { userSummaryView } from "./users";

export const SEARCH_QUERY_MAX_LENGTH = 100;
export const SEARCH_RESULTS_MAX = 20;

/** GET /api/search?q=: people by name or username, published businesses by name or category. */
export const searchQuery = z.object({
  q: z.string("Type something to search").trim().min(1, "Type something to search").max(SEARCH_QUERY_MAX_LENGTH),
  limit: z.coerce.number().int().min(1).max(SEARCH_RESULTS_MAX).default(8),
});
export type SearchQuery = z.infer<typeof searchQuery>;

export const searchResultsView = z.object({
  people: z.array(userSummaryView),
  businesses: z.array(
    z.object({
      id: z.uuid(),
      ownerId: z.uuid(),
      name: z.string(),
      category: businessCategory,
      logoImageUrl: z.string().nullable(),
      averageRating: z.number(),
      totalReviews: z.number().int(),
    }),
  ),
});
export type SearchResultsView = z.infer<typeof searchResultsView>;
