import { BUSINESS_CATEGORIES, BUSINESS_CATEGORY_LABELS, type BusinessCategory } from "@plaza/contracts/businesses";
import type { SearchQuery, SearchResultsView } from "@plaza/contracts/search";
import type { AppContext } from "../../app-context";
import { decodeRankedCursor } from "../../lib/cursor";
import { searchEvents } from "../events/event-search.service";
import { searchPosts } from "../posts/feed.service";
import { presentUserSummary } from "../users/users.presenter";
import type { SessionUser } from "../users/viewer";
import { presentBusinessResult } from "./search.presenter";
import { searchBusinesses, searchPeople } from "./search.repository";

/** Categories whose key or label contains the text ("beauty", "wellness", "caf"). */
function matchingCategories(text: string): BusinessCategory[] {
  const lowered = text.toLowerCase();
  return BUSINESS_CATEGORIES.filter(
    (category) => category.includes(lowered) || BUSINESS_CATEGORY_LABELS[category].toLowerCase().includes(lowered),
  );
}

/** Search results, and the cursor of the next page of posts (only `type=posts` pages). */
export interface SearchAnswer {
  results: SearchResultsView;
  nextCursor: string | null;
}

/** People, businesses, posts and events matching the text, or only the kind `type` names. */
export async function search(context: AppContext, viewer: SessionUser, query: SearchQuery): Promise<SearchAnswer> {
  const { q, limit, type, cursor } = query;
  const wants = (wanted: string) => type === undefined || type === wanted;
  const [people, businessRows, postRows, events] = await Promise.all([
    wants("people") ? searchPeople(context.db, viewer.id, q, limit) : [],
    wants("businesses") ? searchBusinesses(context.db, q, matchingCategories(q), limit) : [],
    wants("posts")
      ? searchPosts(context, viewer, q, { cursor: decodeRankedCursor(cursor), limit })
      : { items: [], nextCursor: null },
    wants("events") ? searchEvents(context, viewer, q, limit) : [],
  ]);
  // Only the posts list pages (type=posts); the suggestions without a type just show the first few.
  const postPage = type === "posts" ? postRows : { items: postRows.items, nextCursor: null };
  // A business account speaks as its business (issue 52): when the business itself is among the results, its
  // account is not listed again among the people.
  const listedOwners = new Set(businessRows.map((row) => row.business.ownerId));
  return {
    results: {
      people: people.filter((person) => !listedOwners.has(person.id)).map(presentUserSummary),
      businesses: businessRows.map(presentBusinessResult),
      posts: postPage.items.map((row) => row.post),
      events,
    },
    nextCursor: postPage.nextCursor,
  };
}
