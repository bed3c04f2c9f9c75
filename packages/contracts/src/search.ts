import { z } from "zod";
import { businessCategory } from "./businesses";
import { eventView } from "./events";
import { postView } from "./posts";
import { SEARCH_PAGING_NEEDS_POSTS, SEARCH_QUERY_MAX_LENGTH, SEARCH_RESULTS_MAX, SEARCH_TYPES } from "./search.texts";
import { userSummaryView } from "./users";

export * from "./search.texts";

export const searchType = z.enum(SEARCH_TYPES, "Search type must be people, businesses, posts or events");

/**
 * GET /api/search?q=&type=: people by name or username, published businesses by name or category, posts by title,
 * text and tags (full-text, the viewer's visibility rules), upcoming events the viewer may see by title. With `type`, only that list is filled; posts page by
 * `cursor` (next one in X-Next-Cursor).
 */
export const searchQuery = z
  .object({
    q: z.string("Type something to search").trim().min(1, "Type something to search").max(SEARCH_QUERY_MAX_LENGTH),
    type: searchType.optional(),
    limit: z.coerce.number().int().min(1).max(SEARCH_RESULTS_MAX).default(8),
    cursor: z.string().max(300).optional(),
  })
  .refine((query) => query.cursor === undefined || query.type === "posts", {
    message: SEARCH_PAGING_NEEDS_POSTS,
    path: ["cursor"],
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
      /** The owner carries the Verified badge. */
      verified: z.boolean(),
    }),
  ),
  /** Posts the viewer may see, best match first; locked posts as the feed shows them (preview only). */
  posts: z.array(postView),
  /** Upcoming events the viewer may see whose title matches, soonest first. */
  events: z.array(eventView),
});
export type SearchResultsView = z.infer<typeof searchResultsView>;
