import { CalendarDays } from "lucide-react";
import { defineMessages, useIntl } from "react-intl";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadMore } from "@/components/ui/load-more";
import { SkeletonList } from "@/components/ui/skeleton";
import { type EventListFilter, useEvents } from "../api/get-events";
import { EventCard } from "./event-card";

const messages = defineMessages({
  loading: { id: "events.hosted.loading", defaultMessage: "Loading events..." },
  title: { id: "events.hosted.title", defaultMessage: "Events" },
  empty: { id: "events.hosted.empty", defaultMessage: "No upcoming events" },
  create: { id: "events.hosted.create", defaultMessage: "Create event" },
});

/**
 * The upcoming events of a profile: a business's (`businessId`: those its owner hosts there) or a person's
 * (`hostId`). Rendered on the server with the page. Nothing for a visitor when there are none; the owner sees
 * what to do.
 */
export function HostedEvents({
  filter,
  isOwn,
  eventPath,
  eventsPath,
  emptyHint,
}: {
  filter: Pick<EventListFilter, "businessId" | "hostId">;
  isOwn: boolean;
  eventPath: (id: string) => string;
  eventsPath: string;
  emptyHint: string;
}) {
  const intl = useIntl();
  const events = useEvents({ ...filter, limit: 3 });
  const items = events.data?.pages.flatMap((page) => page.items) ?? [];
  if (events.isLoading)
    return <SkeletonList label={intl.formatMessage(messages.loading)} count={1} itemClassName="h-24" />;
  if (items.length === 0 && !isOwn) return null;
  return (
    <section aria-labelledby="profile-events" data-testid="profile-events" className="space-y-3">
      <h2 id="profile-events" className="px-4 text-lg font-semibold sm:px-0">
        {intl.formatMessage(messages.title)}
      </h2>
      {items.length === 0 ? (
        <EmptyState
          icon={CalendarDays}
          title={intl.formatMessage(messages.empty)}
          description={emptyHint}
          action={
            <Button asChild variant="outline">
              <Link href={eventsPath}>{intl.formatMessage(messages.create)}</Link>
            </Button>
          }
        />
      ) : (
        <div className="space-y-3">
          {items.map((event) => (
            <EventCard key={event.id} event={event} href={eventPath(event.id)} />
          ))}
          <LoadMore
            hasNextPage={events.hasNextPage}
            isFetchingNextPage={events.isFetchingNextPage}
            onLoadMore={() => events.fetchNextPage()}
          />
        </div>
      )}
    </section>
  );
}
