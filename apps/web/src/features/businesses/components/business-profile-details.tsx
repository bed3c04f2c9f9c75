import type { BusinessView } from "@plaza/contracts/businesses";
import { Clock, Globe, MapPin, Phone } from "lucide-react";
import type { ReactNode } from "react";
import { defineMessages, useIntl } from "react-intl";
import { Badge } from "@/components/ui/badge";
import { UploadedPicture } from "@/components/ui/uploaded-picture";
import { cn } from "@/lib/cn";
import { useBusinessOfUser } from "../api/get-business-of-user";
import {
  CATEGORY_MESSAGES,
  closedText,
  formatDayHours,
  openStatusParts,
  priceRangeText,
  weekdayName,
} from "../lib/business-texts";
import { StarRating } from "./star-rating";

const phrases = defineMessages<{
  checkIns: { count: number };
  logo: { name: string | number };
  timesIn: { zone: string | number };
}>({
  checkIns: {
    id: "businesses.profile.checkIns",
    defaultMessage: "{count, plural, one {# check-in} other {# check-ins}}",
  },
  logo: { id: "businesses.profile.logo", defaultMessage: "{name} logo" },
  timesIn: { id: "businesses.profile.timesIn", defaultMessage: "Times in {zone}" },
});
const messages = defineMessages({
  hours: { id: "businesses.profile.hours", defaultMessage: "Hours" },
  noDescription: { id: "businesses.profile.noDescription", defaultMessage: "No description available." },
});

/** A business profile's heading: the business's name, or the owner's name until it has loaded. */
export function BusinessProfileName({ ownerId, fallback }: { ownerId: string; fallback: string }) {
  const { data: business } = useBusinessOfUser(ownerId);
  return <>{business?.name ?? fallback}</>;
}

/** "Oak & Fern Coffee" → "OF": the first letters of the name's first two words. */
export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter((word) => /\p{L}|\p{N}/u.test(word));
  return words
    .slice(0, 2)
    .map((word) => (word.match(/[\p{L}\p{N}]/u)?.[0] ?? "").toUpperCase())
    .join("");
}

/** "Open now · until 18:00" / "Closed · opens Mon 08:00", in the business's own time zone (from the server). */
export function OpenStatus({ business, className }: { business: BusinessView; className?: string }) {
  const intl = useIntl();
  if (!business.hours) return null;
  const { openStatus } = business;
  const { state, rest } = openStatusParts(intl, openStatus);
  return (
    <span className={cn("inline-flex items-center gap-1 text-sm", className)} data-testid="open-status">
      <Clock aria-hidden className="h-4 w-4 shrink-0 text-gray-500" />
      <span className={openStatus.isOpen ? "font-medium text-green-700" : "font-medium text-danger"}>{state}</span>
      {rest && <span className="text-gray-600">· {rest}</span>}
    </span>
  );
}

/** Under a business profile's name: category and price badges, rating, check-ins, open status and address. */
export function BusinessProfileHeader({ ownerId }: { ownerId: string }) {
  const intl = useIntl();
  const { data: business } = useBusinessOfUser(ownerId);
  if (!business) return null;
  return (
    <div className="mt-2 space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="outline">{intl.formatMessage(CATEGORY_MESSAGES[business.category])}</Badge>
        <Badge variant="outline">{priceRangeText(intl, business.priceRange)}</Badge>
        <StarRating rating={business.averageRating} reviewCount={business.totalReviews} />
        <span className="text-sm text-gray-500">
          {intl.formatMessage(phrases.checkIns, { count: business.totalCheckIns })}
        </span>
      </div>
      <div className="flex flex-col gap-1 sm:flex-row sm:flex-wrap sm:items-center sm:gap-x-4">
        <OpenStatus business={business} />
        {business.address && (
          <span className="flex min-w-0 items-center gap-1 text-sm text-gray-600" data-testid="business-address">
            <MapPin aria-hidden className="h-4 w-4 shrink-0" />
            <span className="wrap-anywhere">{business.address}</span>
          </span>
        )}
      </div>
    </div>
  );
}

/** The business's cover picture across the top of its page, or `fallback` without one. */
export function BusinessCover({ ownerId, fallback }: { ownerId: string; fallback: ReactNode }) {
  const { data: business } = useBusinessOfUser(ownerId);
  if (!business?.coverImageUrl) return <>{fallback}</>;
  return (
    <UploadedPicture
      src={business.coverImageUrl}
      alt=""
      className="h-32 w-full bg-gray-100 object-cover sm:h-48"
      data-testid="business-cover"
    />
  );
}

/** The business's logo in the avatar's place, or `fallback` (the owner's photo) without one. */
export function BusinessLogo({ ownerId, fallback }: { ownerId: string; fallback: ReactNode }) {
  const intl = useIntl();
  const { data: business } = useBusinessOfUser(ownerId);
  if (!business) return <>{fallback}</>;
  if (!business.logoUrl) {
    // The business's own initials, never the owner's.
    return (
      <span
        className="flex h-24 w-24 items-center justify-center rounded-2xl border-4 border-surface bg-brand-100 text-3xl font-semibold text-brand-700"
        role="img"
        aria-label={intl.formatMessage(phrases.logo, { name: business.name })}
        data-testid="business-logo"
      >
        {initialsOf(business.name)}
      </span>
    );
  }
  return (
    <UploadedPicture
      src={business.logoUrl}
      alt={intl.formatMessage(phrases.logo, { name: business.name })}
      className="h-24 w-24 rounded-2xl border-4 border-surface bg-surface object-cover"
      data-testid="business-logo"
    />
  );
}

/** The week's hours, Monday first, today in bold, read in the business's time zone. */
export function BusinessHoursTable({ business }: { business: BusinessView }) {
  const intl = useIntl();
  if (!business.hours) return null;
  const today = business.openStatus.todayWeekday;
  return (
    <div>
      <h4 className="mb-1 text-sm font-medium">{intl.formatMessage(messages.hours)}</h4>
      <table className="text-sm" data-testid="business-hours">
        <tbody>
          {business.hours.map((day, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the seven days of the week, in a fixed order
            <tr key={index} className={index === today ? "font-semibold" : undefined}>
              <th scope="row" className="py-0.5 pe-4 text-start font-normal">
                {weekdayName(intl, index)}
              </th>
              <td className="py-0.5">{day ? formatDayHours(intl, day) : closedText(intl)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-1 text-xs text-gray-500">
        {intl.formatMessage(phrases.timesIn, { zone: business.timeZone.replaceAll("_", " ") })}
      </p>
    </div>
  );
}

/**
 * In a business profile's About tab: the description (the owner's bio when the business has none), address,
 * phone and website (docs/PRODUCT.md §2).
 */
export function BusinessProfileAbout({
  ownerId,
  fallbackDescription,
}: {
  ownerId: string;
  fallbackDescription: string;
}) {
  const intl = useIntl();
  const { data: business } = useBusinessOfUser(ownerId);
  const description = business?.description || fallbackDescription || intl.formatMessage(messages.noDescription);
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
      {business && <BusinessHoursTable business={business} />}
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
