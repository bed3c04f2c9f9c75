import { EVENT_CATEGORIES, EVENT_RADIUS_MILES, type EventCategory } from "@plaza/contracts/events.texts";
import { CalendarDays, MapPin } from "lucide-react";
import { type ReactNode, startTransition, useState } from "react";
import { defineMessage, defineMessages, type MessageDescriptor, useIntl } from "react-intl";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadFailure } from "@/components/ui/load-failure";
import { LoadMore } from "@/components/ui/load-more";
import { PageSkeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { type EventListFilter, useEvents } from "../api/get-events";
import { EventCard } from "./event-card";
import { categoryMessages } from "./event-labels";
import { EventsMap } from "./events-map";
import { NativeSelect } from "./native-select";

export type EventsTab = "week" | "near" | "going" | "hosting";

/** Where "Near you" looks: a centre, a radius in miles, and the place's name when known. */
export interface EventsNearArea {
  latitude: number;
  longitude: number;
  radius: number;
  label: string | null;
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** The filter of a tab: this week is the next seven days from now (to the minute, so the key holds still). */
export function filterOf(
  tab: EventsTab,
  category: EventCategory | null,
  now: number,
  near: EventsNearArea | null = null,
): EventListFilter {
  const filter: EventListFilter = category ? { category } : {};
  if (tab === "going" || tab === "hosting") return { ...filter, mine: tab };
  if (tab === "near") {
    if (!near) return filter;
    const radius = Math.min(EVENT_RADIUS_MILES.max, Math.max(EVENT_RADIUS_MILES.min, near.radius));
    return { ...filter, latitude: near.latitude, longitude: near.longitude, radius };
  }
  const start = Math.floor(now / 60_000) * 60_000;
  return { ...filter, from: new Date(start).toISOString(), to: new Date(start + WEEK_MS).toISOString() };
}

const messages = defineMessages({
  title: { id: "events.list.title", defaultMessage: "Events" },
  tabThisWeek: { id: "events.list.tabThisWeek", defaultMessage: "This week" },
  tabNear: { id: "events.list.tabNear", defaultMessage: "Near you" },
  tabGoing: { id: "events.list.tabGoing", defaultMessage: "Going" },
  tabHosting: { id: "events.list.tabHosting", defaultMessage: "Hosting" },
  emptyThisWeek: { id: "events.list.emptyThisWeek", defaultMessage: "No events this week" },
  emptyThisWeekHint: {
    id: "events.list.emptyThisWeekHint",
    defaultMessage: "Nothing is planned in the next seven days yet. Why not host something?",
  },
  emptyNear: { id: "events.list.emptyNear", defaultMessage: "No events near you" },
  emptyNearHint: {
    id: "events.list.emptyNearHint",
    defaultMessage: "Nothing is planned close by yet. Host something, or look at This week.",
  },
  emptyGoing: { id: "events.list.emptyGoing", defaultMessage: "You are not going to anything yet" },
  emptyGoingHint: { id: "events.list.emptyGoingHint", defaultMessage: "Answer “Going” on an event and it shows here." },
  emptyHosting: { id: "events.list.emptyHosting", defaultMessage: "You are not hosting any events" },
  emptyHostingHint: {
    id: "events.list.emptyHostingHint",
    defaultMessage: "Create an event and people nearby can find it.",
  },
  nearUnknown: { id: "events.list.nearUnknown", defaultMessage: "Where are you?" },
  nearUnknownHint: {
    id: "events.list.nearUnknownHint",
    defaultMessage: "Share your position, or set your city in your profile, to see events near you.",
  },
  nearWithin: defineMessage<{ miles: number; place: string }>({
    id: "events.list.nearWithin",
    defaultMessage: "Within {miles, plural, one {# mile} other {# miles}} of {place}",
  }),
  nearWithinPosition: defineMessage<{ miles: number }>({
    id: "events.list.nearWithinPosition",
    defaultMessage: "Within {miles, plural, one {# mile} other {# miles}} of your position",
  }),
  loading: { id: "events.list.loading", defaultMessage: "Loading events..." },
  loadFailed: { id: "events.list.loadFailed", defaultMessage: "Couldn't load events" },
  category: { id: "events.list.category", defaultMessage: "Category" },
  allCategories: { id: "events.list.allCategories", defaultMessage: "All categories" },
});

const EMPTY: Record<EventsTab, { title: MessageDescriptor; hint: MessageDescriptor }> = {
  week: { title: messages.emptyThisWeek, hint: messages.emptyThisWeekHint },
  near: { title: messages.emptyNear, hint: messages.emptyNearHint },
  going: { title: messages.emptyGoing, hint: messages.emptyGoingHint },
  hosting: { title: messages.emptyHosting, hint: messages.emptyHostingHint },
};

const TAB_LABELS: Record<EventsTab, MessageDescriptor> = {
  week: messages.tabThisWeek,
  near: messages.tabNear,
  going: messages.tabGoing,
  hosting: messages.tabHosting,
};

/**
 * /events: This week, Near you, Going and Hosting (the last two for a signed-in viewer), a category filter, the
 * cards and a map of them. `near` is the page's idea of where the viewer is (null until known: then Near you offers
 * `locateAction`); `createAction` is the page's "Create event" button (signed in only).
 */
export function EventList({
  isSignedIn,
  eventPath,
  createAction,
  near,
  locateAction,
}: {
  isSignedIn: boolean;
  eventPath: (id: string) => string;
  createAction?: ReactNode;
  near: EventsNearArea | null;
  locateAction?: ReactNode;
}) {
  const intl = useIntl();
  const [tab, setTab] = useState<EventsTab>("week");
  const [category, setCategory] = useState<EventCategory | null>(null);
  const [now] = useState(() => Date.now());
  const isWaitingForPlace = tab === "near" && near === null;
  const events = useEvents(filterOf(tab, category, now, near), !isWaitingForPlace);
  const items = events.data?.pages.flatMap((page) => page.items) ?? [];
  const empty = EMPTY[tab];
  const tabs: EventsTab[] = isSignedIn ? ["week", "near", "going", "hosting"] : ["week", "near"];
  const nearMiles = near ? Math.min(EVENT_RADIUS_MILES.max, near.radius) : 0;
  const list = (
    <div className="space-y-3">
      {tab === "near" && near && (
        <p className="flex items-center gap-1 text-sm text-gray-600" data-testid="events-near-area">
          <MapPin aria-hidden className="h-4 w-4 shrink-0" />
          {near.label === null
            ? intl.formatMessage(messages.nearWithinPosition, { miles: nearMiles })
            : intl.formatMessage(messages.nearWithin, { miles: nearMiles, place: near.label })}
        </p>
      )}
      {isWaitingForPlace && (
        <EmptyState
          icon={MapPin}
          title={intl.formatMessage(messages.nearUnknown)}
          description={intl.formatMessage(messages.nearUnknownHint)}
          action={locateAction}
        />
      )}
      {events.isLoading && <PageSkeleton label={intl.formatMessage(messages.loading)} />}
      {events.isError && (
        <LoadFailure
          title={intl.formatMessage(messages.loadFailed)}
          error={events.error}
          onRetry={() => events.refetch()}
          isRetrying={events.isFetching}
        />
      )}
      {events.isSuccess && items.length === 0 && (
        <EmptyState
          icon={CalendarDays}
          title={intl.formatMessage(empty.title)}
          description={intl.formatMessage(empty.hint)}
          action={createAction}
        />
      )}
      <div className="grid gap-3 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:items-start">
        <div className="min-w-0 space-y-3 lg:order-1">
          {items.map((event) => (
            <EventCard key={event.id} event={event} href={eventPath(event.id)} />
          ))}
          <LoadMore
            hasNextPage={events.hasNextPage}
            isFetchingNextPage={events.isFetchingNextPage}
            onLoadMore={() => events.fetchNextPage()}
          />
        </div>
        <div className="min-w-0 lg:sticky lg:top-20 lg:order-2">
          <EventsMap events={items} eventPath={eventPath} />
        </div>
      </div>
    </div>
  );
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{intl.formatMessage(messages.title)}</h1>
        {createAction}
      </div>
      <Tabs value={tab} onValueChange={(value) => startTransition(() => setTab(value as EventsTab))}>
        <div className="flex flex-wrap items-center gap-3">
          <TabsList className="max-w-full overflow-x-auto">
            {tabs.map((value) => (
              <TabsTrigger key={value} value={value}>
                {intl.formatMessage(TAB_LABELS[value])}
              </TabsTrigger>
            ))}
          </TabsList>
          <NativeSelect
            aria-label={intl.formatMessage(messages.category)}
            className="w-auto sm:ms-auto"
            value={category ?? ""}
            onChange={(change) => setCategory((change.target.value || null) as EventCategory | null)}
          >
            <option value="">{intl.formatMessage(messages.allCategories)}</option>
            {EVENT_CATEGORIES.map((value) => (
              <option key={value} value={value}>
                {intl.formatMessage(categoryMessages[value])}
              </option>
            ))}
          </NativeSelect>
        </div>
        {tabs.map((value) => (
          <TabsContent key={value} value={value} className="mt-2">
            {list}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
