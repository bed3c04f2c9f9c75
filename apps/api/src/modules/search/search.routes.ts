import { BUSINESS_CATEGORIES, BUSINESS_CATEGORY_LABELS, type BusinessCategory } from "@plaza/contracts/businesses";
import { searchQuery, searchResultsView } from "@plaza/contracts/search";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireViewer } from "../../plugins/session";
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
    async (request) => {
      const viewer = requireViewer(request);
      const { q, limit } = request.query;
      const [people, businessRows] = await Promise.all([
        searchPeople(context.db, viewer.id, q, limit),
        searchBusinesses(context.db, q, matchingCategories(q), limit),
      ]);
      return {
        people: people.map(presentUserSummary),
        businesses: businessRows.map((business) => ({
          id: business.id,
          ownerId: business.ownerId,
          name: business.name,
          category: business.category,
          logoImageUrl: business.logoImageUrl,
          averageRating: Number(business.averageRating),
          totalReviews: business.totalReviews,
        })),
      };
    },
  );
}
