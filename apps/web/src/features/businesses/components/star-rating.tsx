import { Star } from "lucide-react";
import { cn } from "@/lib/cn";

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
  const filled = Math.floor(rating);
  return (
    <span className={cn("inline-flex items-center gap-1 text-sm", className)}>
      <span className="inline-flex" role="img" aria-label={`${rating.toFixed(1)} out of 5 stars`}>
        {[1, 2, 3, 4, 5].map((position) => (
          <Star
            key={position}
            aria-hidden
            className={cn("h-4 w-4", position <= filled ? "fill-amber-400 text-amber-400" : "text-gray-300")}
          />
        ))}
      </span>
      <span className="font-medium">{rating.toFixed(1)}</span>
      {reviewCount !== undefined && (
        <span className="text-gray-500">
          ({reviewCount} {reviewCount === 1 ? "review" : "reviews"})
        </span>
      )}
    </span>
  );
}

/** Clickable 1–5 star picker for a review (clicking the chosen star again clears it). */
export function StarPicker({ value, onChange }: { value: number | null; onChange: (rating: number | null) => void }) {
  return (
    <fieldset className="flex items-center gap-1">
      <legend className="sr-only">Rating</legend>
      {[1, 2, 3, 4, 5].map((position) => (
        <button
          key={position}
          type="button"
          aria-pressed={value === position}
          aria-label={`${position} star${position === 1 ? "" : "s"}`}
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
