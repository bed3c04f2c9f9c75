import { displayName } from "@plaza/contracts/users.texts";
import { MapPin } from "lucide-react";
import { defineMessages, useIntl } from "react-intl";
import { EmptyState } from "@/components/ui/empty-state";
import { RelativeTime } from "@/components/ui/relative-time";
import { SkeletonList } from "@/components/ui/skeleton";
import { RECENT_CHECKINS_SHOWN } from "@/lib/ui-constants";
import { useCheckins } from "../api/get-checkins";

const phrases = defineMessages<{
  rating: { rating: string | number };
}>({
  rating: { id: "businesses.checkins.rating", defaultMessage: "{rating}/5" },
});
const messages = defineMessages({
  loading: { id: "businesses.checkins.loading", defaultMessage: "Loading check-ins..." },
  empty: { id: "businesses.checkins.empty", defaultMessage: "No check-ins yet" },
  emptyHint: { id: "businesses.checkins.emptyHint", defaultMessage: "Visitors who check in appear here." },
});

/** The latest check-ins at a business, each with its optional rating and date (docs/PRODUCT.md §2 Overview). */
export function RecentCheckins({ businessId }: { businessId: string }) {
  const intl = useIntl();
  const { data, isLoading } = useCheckins(businessId, { limit: RECENT_CHECKINS_SHOWN });
  if (isLoading) return <SkeletonList label={intl.formatMessage(messages.loading)} count={3} itemClassName="h-10" />;
  if (!data || data.length === 0) {
    return (
      <EmptyState
        icon={MapPin}
        title={intl.formatMessage(messages.empty)}
        description={intl.formatMessage(messages.emptyHint)}
      />
    );
  }
  return (
    <ul className="divide-y">
      {data.map((checkin) => (
        <li key={checkin.id} className="flex items-center justify-between gap-2 py-2 text-sm">
          <span className="font-medium">{displayName(checkin.user)}</span>
          <span className="flex items-center gap-3 text-gray-500">
            {checkin.rating !== null && <span>{intl.formatMessage(phrases.rating, { rating: checkin.rating })}</span>}
            <RelativeTime value={checkin.checkedInAt} />
          </span>
        </li>
      ))}
    </ul>
  );
}
