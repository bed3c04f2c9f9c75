import { Star } from "lucide-react";
import { defineMessages, type IntlShape, useIntl } from "react-intl";
import { cn } from "@/lib/cn";

const phrases = defineMessages<{
  outOfFive: { rating: string | number };
  reviewCount: { count: number };
  starOption: { stars: number };
}>({
  outOfFive: { id: "businesses.stars.outOfFive", defaultMessage: "{rating} out of 5 stars" },
  reviewCount: {
    id: "businesses.stars.reviewCount",
    defaultMessage: "({count, plural, one {# review} other {# reviews}})",
  },
  starOption: { id: "businesses.stars.option", defaultMessage: "{stars, plural, one {# star} other {# stars}}" },
});
const messages = defineMessages({
  rating: { id: "businesses.stars.rating", defaultMessage: "Rating" },
});

/** A rating to one decimal ("4.5"), in the reader's language. */
export function formatRating(intl: IntlShape, rating: number): string {
  return intl.formatNumber(rating, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** Five stars, the first floor(rating) filled (docs/PRODUCT.md §2), with the rating to one decimal. */
export function StarRating({
  rating,
  reviewCount,
  className,
}: {
  rating: number;
  reviewCount?: number;
  className?: string;
}) {
  const intl = useIntl();
  const filled = Math.floor(rating);
  const ratingText = formatRating(intl, rating);
  return (
    <span className={cn("inline-flex items-center gap-1 text-sm", className)}>
      <span
        className="inline-flex"
        role="img"
        aria-label={intl.formatMessage(phrases.outOfFive, { rating: ratingText })}
      >
        {[1, 2, 3, 4, 5].map((position) => (
          <Star
            key={position}
            aria-hidden
            className={cn("h-4 w-4", position <= filled ? "fill-amber-400 text-amber-400" : "text-gray-300")}
          />
        ))}
      </span>
      <span className="font-medium">{ratingText}</span>
      {reviewCount !== undefined && (
        <span className="text-gray-500">{intl.formatMessage(phrases.reviewCount, { count: reviewCount })}</span>
      )}
    </span>
  );
}

/** Clickable 1–5 star picker for a review (clicking the chosen star again clears it). */
export function StarPicker({ value, onChange }: { value: number | null; onChange: (rating: number | null) => void }) {
  const intl = useIntl();
  return (
    <fieldset className="flex items-center gap-1">
      <legend className="sr-only">{intl.formatMessage(messages.rating)}</legend>
      {[1, 2, 3, 4, 5].map((position) => (
        <button
          key={position}
          type="button"
          aria-pressed={value === position}
          aria-label={intl.formatMessage(phrases.starOption, { stars: position })}
          onClick={() => onChange(value === position ? null : position)}
          className="flex size-11 cursor-pointer items-center justify-center md:size-auto md:p-0.5"
        >
          <Star
            aria-hidden
            className={cn(
              "h-6 w-6",
              value !== null && position <= value ? "fill-amber-400 text-amber-400" : "text-gray-300",
            )}
          />
        </button>
      ))}
    </fieldset>
  );
}
