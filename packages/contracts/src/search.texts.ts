// Texts, constants and pure rules of search: no zod, so the web app's first screen can import them without
// evaluating schemas. The schemas are in ./search.ts, which re-exports all of this.

export const SEARCH_QUERY_MAX_LENGTH = 100;
export const SEARCH_RESULTS_MAX = 20;

/** What a search looks for; without `type`, a few of each (the search box's suggestions). */
export const SEARCH_TYPES = ["people", "businesses", "posts", "events"] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
export const SEARCH_TYPE_LABELS: Record<SearchType, string> = {
  people: "People",
  businesses: "Businesses",
  posts: "Posts",
  events: "Events",
};
export const SEARCH_PAGING_NEEDS_POSTS = "Only post results are paged: add type=posts";
