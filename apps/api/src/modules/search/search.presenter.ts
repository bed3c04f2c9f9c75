import type { SearchResultsView } from "@plaza/contracts/search";
import type { businesses } from "../../db/schema/businesses";

/** A business as a search result: enough for its row in the results, with the owner's Verified badge. */
export function presentBusinessResult({
  business,
  verified,
}: {
  business: Pick<
    typeof businesses.$inferSelect,
    "id" | "ownerId" | "name" | "category" | "logoImageUrl" | "averageRating" | "totalReviews"
  >;
  verified: boolean;
}): SearchResultsView["businesses"][number] {
  return {
    id: business.id,
    ownerId: business.ownerId,
    name: business.name,
    category: business.category,
    logoImageUrl: business.logoImageUrl,
    averageRating: Number(business.averageRating),
    totalReviews: business.totalReviews,
    verified,
  };
}
