import { BUSINESS_CATEGORY_LABELS } from "@plaza/contracts/businesses.texts";
import type { SearchResultsView } from "@plaza/contracts/search";
import { displayName } from "@plaza/contracts/users.texts";
import { CalendarDays, FileText, SearchX, Store } from "lucide-react";
import { defineMessages, useIntl } from "react-intl";
import { Link } from "wouter";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { EmptyState } from "@/components/ui/empty-state";
import { VerifiedBadge } from "@/components/ui/verified-badge";
import { useText } from "@/i18n/texts";
import { paths } from "@/lib/paths";

const phrases = defineMessages<{
  logo: { name: string };
  rating: { category: string; rating: string; reviews: string };
}>({
  logo: { id: "search.results.logo", defaultMessage: "{name} logo" },
  rating: {
    id: "search.results.rating",
    defaultMessage: "{category} · {rating} ★ ({reviews})",
  },
});
const messages = defineMessages({
  empty: { id: "search.results.empty", defaultMessage: "No results" },
  emptyHint: { id: "search.results.emptyHint", defaultMessage: "Try another name, @username, business or word." },
  people: { id: "search.results.people", defaultMessage: "People" },
  businesses: { id: "search.results.businesses", defaultMessage: "Businesses" },
  events: { id: "search.results.events", defaultMessage: "Events" },
  posts: { id: "search.results.posts", defaultMessage: "Posts" },
});

/**
 * When an event starts, in its own time zone and the page's language: the fields of the contracts' eventStartText
 * ("Thu, Jun 11, 7:00 PM GMT+2" in English).
 */
const EVENT_START_FORMAT = {
  weekday: "short",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
} as const satisfies Intl.DateTimeFormatOptions;

/**
 * People, businesses, events then posts, each a link; `onChoose` lets a dropdown close itself. `only` shows one
 * kind (the search page's People, Businesses and Events tabs).
 */
export function SearchResultList({
  results,
  onChoose,
  only,
}: {
  results: SearchResultsView;
  onChoose?: () => void;
  only?: "people" | "businesses" | "events";
}) {
  const intl = useIntl();
  const text = useText();
  const people = !only || only === "people" ? results.people : [];
  const businesses = !only || only === "businesses" ? results.businesses : [];
  const events = !only || only === "events" ? results.events : [];
  const posts = only ? [] : (results.posts ?? []);
  if (people.length === 0 && businesses.length === 0 && events.length === 0 && posts.length === 0) {
    return (
      <EmptyState
        icon={SearchX}
        title={intl.formatMessage(messages.empty)}
        description={intl.formatMessage(messages.emptyHint)}
        className="py-6"
      />
    );
  }
  return (
    <div className="divide-y">
      {people.length > 0 && (
        <section className="py-1">
          <h3 className="px-3 py-1 text-xs font-semibold tracking-wide text-gray-500 uppercase">
            {intl.formatMessage(messages.people)}
          </h3>
          <ul>
            {people.map((person) => {
              const name = displayName(person);
              return (
                <li key={person.id}>
                  <Link
                    href={paths.profile(person.id)}
                    onClick={onChoose}
                    className="flex items-center gap-2 px-3 py-2 hover:bg-gray-50"
                  >
                    <Avatar className="h-8 w-8">
                      {person.profileImageUrl && (
                        <AvatarImage src={person.profileImageUrl} alt={name} width={32} height={32} />
                      )}
                      <AvatarFallback>{name.charAt(0).toUpperCase()}</AvatarFallback>
                    </Avatar>
                    <span className="min-w-0">
                      <span className="flex items-center gap-1 text-sm font-medium">
                        {name}
                        {person.isVerified && <VerifiedBadge />}
                      </span>
                      <span className="block text-xs text-gray-500">
                        <bdi dir="ltr">@{person.username}</bdi>
                      </span>
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>
      )}
      {businesses.length > 0 && (
        <section className="py-1">
          <h3 className="px-3 py-1 text-xs font-semibold tracking-wide text-gray-500 uppercase">
            {intl.formatMessage(messages.businesses)}
          </h3>
          <ul>
            {businesses.map((business) => (
              <li key={business.id}>
                <Link
                  href={paths.business(business.id)}
                  onClick={onChoose}
                  className="flex items-center gap-2 px-3 py-2 hover:bg-gray-50"
                >
                  <Avatar className="h-8 w-8 rounded-md">
                    {business.logoImageUrl && (
                      <AvatarImage
                        src={business.logoImageUrl}
                        alt={intl.formatMessage(phrases.logo, { name: business.name })}
                        width={32}
                        height={32}
                      />
                    )}
                    <AvatarFallback className="rounded-md">
                      <Store aria-hidden className="h-4 w-4" />
                    </AvatarFallback>
                  </Avatar>
                  <span className="min-w-0">
                    <span className="flex items-center gap-1 text-sm font-medium">
                      <span className="min-w-0 wrap-anywhere">{business.name}</span>
                      {business.verified && <VerifiedBadge />}
                    </span>
                    <span className="block text-xs text-gray-500">
                      {intl.formatMessage(phrases.rating, {
                        category: text(BUSINESS_CATEGORY_LABELS[business.category]),
                        rating: intl.formatNumber(business.averageRating, {
                          minimumFractionDigits: 1,
                          maximumFractionDigits: 1,
                        }),
                        reviews: intl.formatNumber(business.totalReviews, { useGrouping: false }),
                      })}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {events.length > 0 && (
        <section className="py-1">
          <h3 className="px-3 py-1 text-xs font-semibold tracking-wide text-gray-500 uppercase">
            {intl.formatMessage(messages.events)}
          </h3>
          <ul>
            {events.map((event) => (
              <li key={event.id}>
                <Link
                  href={paths.event(event.id)}
                  onClick={onChoose}
                  className="flex items-center gap-2 px-3 py-2 hover:bg-gray-50"
                >
                  <CalendarDays aria-hidden className="h-4 w-4 shrink-0 text-gray-400" />
                  <span className="min-w-0">
                    <span className="block text-sm font-medium wrap-anywhere">{event.title}</span>
                    <span className="block text-xs text-gray-500">
                      {intl.formatDate(event.startsAt, { ...EVENT_START_FORMAT, timeZone: event.timeZone })}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {posts.length > 0 && (
        <section className="py-1">
          <h3 className="px-3 py-1 text-xs font-semibold tracking-wide text-gray-500 uppercase">
            {intl.formatMessage(messages.posts)}
          </h3>
          <ul>
            {posts.map((post) => (
              <li key={post.id}>
                <Link
                  href={paths.post(post.id)}
                  onClick={onChoose}
                  className="flex items-center gap-2 px-3 py-2 hover:bg-gray-50"
                >
                  <FileText aria-hidden className="h-4 w-4 shrink-0 text-gray-400" />
                  <span className="min-w-0">
                    <span className="block truncate text-sm font-medium">{post.title ?? post.content}</span>
                    <span className="block truncate text-xs text-gray-500">{post.authorName}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
