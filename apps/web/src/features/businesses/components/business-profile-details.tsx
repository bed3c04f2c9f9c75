import { BUSINESS_CATEGORY_LABELS, PRICE_RANGE_LABELS, PRICE_RANGES } from "@plaza/contracts/businesses";
import { Globe, MapPin, Phone } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { useBusinessOfUser } from "../api/get-business-of-user";
import { StarRating } from "./star-rating";

function priceRangeLabel(range: string): string {
  const known = PRICE_RANGES.find((item) => item === range);
  return known ? `${known} · ${PRICE_RANGE_LABELS[known]}` : range;
}

/** A business profile's heading: the business's name, or the owner's name until it has loaded. */
export function BusinessProfileName({ ownerId, fallback }: { ownerId: string; fallback: string }) {
  const { data: business } = useBusinessOfUser(ownerId);
  return <>{business?.name ?? fallback}</>;
}

/** Under a business profile's name: category and price badges, rating and check-ins (seed-spec §2). */
export function BusinessProfileHeader({ ownerId }: { ownerId: string }) {
  const { data: business } = useBusinessOfUser(ownerId);
  if (!business) return null;
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2">
      <Badge variant="outline">{BUSINESS_CATEGORY_LABELS[business.category]}</Badge>
      <Badge variant="outline">{priceRangeLabel(business.priceRange)}</Badge>
      <StarRating rating={business.averageRating} reviewCount={business.totalReviews} />
      <span className="text-sm text-gray-500">{business.totalCheckIns} check-ins</span>
    </div>
  );
}

/**
 * In a business profile's About tab: the description (the owner's bio when the business has none), address,
 * phone and website (seed-spec §2).
 */
export function BusinessProfileAbout({
  ownerId,
  fallbackDescription,
}: {
  ownerId: string;
  fallbackDescription: string;
}) {
  const { data: business } = useBusinessOfUser(ownerId);
  const description = business?.description || fallbackDescription || "No description available.";
  return (
    <div className="space-y-2 text-gray-700">
      <p className="whitespace-pre-wrap wrap-anywhere">{description}</p>
      {business?.address && (
        <p className="flex items-center gap-2 text-sm">
          <MapPin aria-hidden className="h-4 w-4 shrink-0" /> {business.address}
        </p>
      )}
      {business?.phone && (
        <p className="flex items-center gap-2 text-sm">
          <Phone aria-hidden className="h-4 w-4 shrink-0" /> {business.phone}
        </p>
      )}
      {business?.website && (
        <p className="flex min-w-0 items-center gap-2 text-sm">
          <Globe aria-hidden className="h-4 w-4 shrink-0" />
          <a
            href={business.website}
            target="_blank"
            rel="noopener noreferrer"
            className="text-brand-600 wrap-anywhere hover:underline"
          >
            {business.website}
          </a>
        </p>
      )}
    </div>
  );
}
