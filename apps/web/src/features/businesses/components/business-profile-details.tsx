import { BUSINESS_CATEGORY_LABELS, PRICE_RANGE_LABELS, PRICE_RANGES } from "@plaza/contracts/businesses";
import { Globe, MapPin, Phone } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { useBusinessOfUser } from "../api/get-business-of-user";
import { StarRating } from "./star-rating";

function priceRangeLabel(range: string): string {
  const known = PRICE_RANGES.find((item) => item === range);
  return known ? `${known} · ${PRICE_RANGE_LABELS[known]}` : range;
}

/** Under a business profile's name: business name, category and price badges, rating and check-ins (seed-spec §2). */
export function BusinessProfileHeader({ ownerId }: { ownerId: string }) {
  const { data: business } = useBusinessOfUser(ownerId);
  if (!business) return null;
  return (
    <div className="mt-1 space-y-1">
      <p className="font-medium">{business.name}</p>
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="outline">{BUSINESS_CATEGORY_LABELS[business.category]}</Badge>
        <Badge variant="outline">{priceRangeLabel(business.priceRange)}</Badge>
        <StarRating rating={business.averageRating} reviewCount={business.totalReviews} />
        <span className="text-sm text-gray-500">{business.totalCheckIns} check-ins</span>
      </div>
    </div>
  );
}

/** In a business profile's About tab: description, address, phone and website (seed-spec §2). */
export function BusinessProfileAbout({ ownerId }: { ownerId: string }) {
  const { data: business } = useBusinessOfUser(ownerId);
  if (!business) return null;
  return (
    <div className="space-y-2 text-sm text-gray-700">
      {business.description && <p className="whitespace-pre-wrap">{business.description}</p>}
      {business.address && (
        <p className="flex items-center gap-2">
          <MapPin aria-hidden className="h-4 w-4" /> {business.address}
        </p>
      )}
      {business.phone && (
        <p className="flex items-center gap-2">
          <Phone aria-hidden className="h-4 w-4" /> {business.phone}
        </p>
      )}
      {business.website && (
        <p className="flex items-center gap-2">
          <Globe aria-hidden className="h-4 w-4" />
          <a
            href={business.website}
            target="_blank"
            rel="noopener noreferrer"
            className="text-brand-600 hover:underline"
          >
            {business.website}
          </a>
        </p>
      )}
    </div>
  );
}
