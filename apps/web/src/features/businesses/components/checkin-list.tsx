import type { CheckinView } from "@plaza/contracts/businesses";
import { displayName } from "@plaza/contracts/users";
import { BadgeCheck, MapPin, Star } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { RelativeTime } from "@/components/ui/relative-time";
import { SkeletonList } from "@/components/ui/skeleton";
import { RECENT_CHECKINS_SHOWN } from "@/lib/ui-constants";
import { useCheckins } from "../api/get-checkins";
import { StarRating } from "./star-rating";

/** The latest check-ins at a business, each with its optional rating and date (docs/PRODUCT.md §2 Overview). */
export function RecentCheckins({ businessId }: { businessId: string }) {
  const { data, isLoading } = useCheckins(businessId, { limit: RECENT_CHECKINS_SHOWN });
  if (isLoading) return <SkeletonList label="Loading check-ins..." count={3} itemClassName="h-10" />;
  if (!data || data.length === 0) {
    return <EmptyState icon={MapPin} title="No check-ins yet" description="Visitors who check in appear here." />;
  }
  return (
    <ul className="divide-y">
      {data.map((checkin) => (
        <li key={checkin.id} className="flex items-center justify-between gap-2 py-2 text-sm">
          <span className="font-medium">{displayName(checkin.user)}</span>
          <span className="flex items-center gap-3 text-gray-500">
            {checkin.rating !== null && <span>{checkin.rating}/5</span>}
            <RelativeTime value={checkin.checkedInAt} />
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Reviews: check-ins that carry a rating, with stars, date and text, marked as verified visits. */
export function ReviewList({
  businessId,
  renderReviewActions,
}: {
  businessId: string;
  /** Actions per review (e.g. Report), supplied by the page. */
  renderReviewActions?: (review: CheckinView) => ReactNode;
}) {
  const { data, isLoading } = useCheckins(businessId, { onlyReviews: true, limit: 50 });
  if (isLoading) return <SkeletonList label="Loading reviews..." count={3} itemClassName="h-20" />;
  if (!data || data.length === 0) {
    return <EmptyState icon={Star} title="No reviews yet" description="Ratings left with check-ins appear here." />;
  }
  return (
    <ul className="space-y-3">
      {data.map((review) => (
        <li key={review.id} className="rounded-lg border p-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-medium">{displayName(review.user)}</span>
            <RelativeTime value={review.checkedInAt} className="text-xs text-gray-500" />
          </div>
          <div className="flex items-center gap-2">
            {review.rating !== null && <StarRating rating={review.rating} />}
            {review.verifiedVisit && (
              <Badge variant="success">
                <BadgeCheck aria-hidden />
                Verified visit
              </Badge>
            )}
          </div>
          {review.review && <p className="mt-1 text-sm text-gray-700">{review.review}</p>}
          {renderReviewActions && <div className="mt-1 flex justify-end">{renderReviewActions(review)}</div>}
        </li>
      ))}
    </ul>
  );
}
