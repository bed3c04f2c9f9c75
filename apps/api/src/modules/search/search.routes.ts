import { BUSINESS_CATEGORIES, BUSINESS_CATEGORY_LABELS, type BusinessCategory } from "@plaza/contracts/businesses";
import { searchQuery, searchResultsView } from "@plaza/contracts/search";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { decodeRankedCursor, rankedPageOf } from "../../lib/cursor";
import { requireViewer } from "../../plugins/session";
import { searchPosts } from "../posts/posts.service";
import { presentUserSummary } from "../users/users.presenter";
import { searchBusinesses, searchPeople } from "./search.repository";

/** Categories whose key or label contains the text ("beauty", "wellness", "caf"). */
function matchingCategories(text: string): BusinessCategory[] {
  const lowered = text.toLowerCase();
  return BUSINESS_CATEGORIES.filter(
    (category) => category.includes(lowered) || BUSINESS_CATEGORY_LABELS[category].toLowerCase().includes(lowered),
  );
}

export async function searchRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const context = app.context;

  app.get(
    "/api/search",
    { schema: { querystring: searchQuery, response: { 200: searchResultsView } }, config: { access: "user" } },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const { q, limit, type, cursor } = request.query;
      const wants = (wanted: string) => type === undefined || type === wanted;
      const [people, businessRows, postRows] = await Promise.all([
        wants("people") ? searchPeople(context.db, viewer.id, q, limit) : [],
        wants("businesses") ? searchBusinesses(context.db, q, matchingCategories(q), limit) : [],
        wants("posts") ? searchPosts(context, viewer, q, { cursor: decodeRankedCursor(cursor), limit }) : [],
      ]);
      // Only the posts list pages (type=posts); the suggestions without a type just show the first few.
      const postPage =
        type === "posts"
          ? rankedPageOf(reply, postRows, limit, (row) => ({
              rank: row.rank,
              createdAt: new Date(row.post.createdAt),
              id: row.post.id,
            }))
          : postRows.slice(0, limit);
      return {
        people: people.map(presentUserSummary),
        businesses: businessRows.map(({ business, verified }) => ({
          id: business.id,
          ownerId: business.ownerId,
          name: business.name,
          category: business.category,
          logoImageUrl: business.logoImageUrl,
          averageRating: Number(business.averageRating),
          totalReviews: business.totalReviews,
          verified,
        })),
        posts: postPage.map((row) => row.post),
      };
    },
  );
}
