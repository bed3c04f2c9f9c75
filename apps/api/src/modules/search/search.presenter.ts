import type { SearchResultsView } from "@plaza/contracts/search";
import type { businesses } from "../../db/schema/businesses";

/** A business as a search result: enough for its row in the results. */
export function presentBusinessResult(
  business: Pick<
    typeof businesses.$inferSelect,
    "id" | "ownerId" | "name" | "category" | "logoImageUrl" | "averageRating" | "totalReviews"
  >,
): SearchResultsView["businesses"][number] {
  return {
    id: business.id,
    ownerId: business.ownerId,
    name: business.name,
    category: business.category,
    logoImageUrl: business.logoImageUrl,
    averageRating: Number(business.averageRating),
    totalReviews: business.totalReviews,
  };
}
