import {
  EVENT_CATEGORIES,
  EVENT_CATEGORY_LABELS,
  EVENT_RADIUS_MILES,
  EVENT_TEXTS,
  type EventCategory,
} from "@plaza/contracts/events.texts";
import { CalendarDays, MapPin } from "lucide-react";
import { type ReactNode, startTransition, useState } from "react";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadFailure } from "@/components/ui/load-failure";
import { LoadMore } from "@/components/ui/load-more";
import { PageSkeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { type EventListFilter, useEvents } from "../api/get-events";
import { EventCard } from "./event-card";
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

const EMPTY: Record<EventsTab, { title: string; hint: string }> = {
  week: { title: EVENT_TEXTS.emptyThisWeek, hint: EVENT_TEXTS.emptyThisWeekHint },
  near: { title: EVENT_TEXTS.emptyNear, hint: EVENT_TEXTS.emptyNearHint },
  going: { title: EVENT_TEXTS.emptyGoing, hint: EVENT_TEXTS.emptyGoingHint },
  hosting: { title: EVENT_TEXTS.emptyHosting, hint: EVENT_TEXTS.emptyHostingHint },
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
  const [tab, setTab] = useState<EventsTab>("week");
  const [category, setCategory] = useState<EventCategory | null>(null);
  const [now] = useState(() => Date.now());
  const isWaitingForPlace = tab === "near" && near === null;
  const events = useEvents(filterOf(tab, category, now, near), !isWaitingForPlace);
  const items = events.data?.pages.flatMap((page) => page.items) ?? [];
  const empty = EMPTY[tab];
  const tabs: EventsTab[] = isSignedIn ? ["week", "near", "going", "hosting"] : ["week", "near"];
  const labels: Record<EventsTab, string> = {
    week: EVENT_TEXTS.tabThisWeek,
    near: EVENT_TEXTS.tabNear,
    going: EVENT_TEXTS.tabGoing,
    hosting: EVENT_TEXTS.tabHosting,
  };
  const list = (
    <div className="space-y-3">
      {tab === "near" && near && (
        <p className="flex items-center gap-1 text-sm text-gray-600" data-testid="events-near-area">
          <MapPin aria-hidden className="h-4 w-4 shrink-0" />
          {EVENT_TEXTS.nearWithin(Math.min(EVENT_RADIUS_MILES.max, near.radius), near.label)}
        </p>
      )}
      {isWaitingForPlace && (
        <EmptyState
          icon={MapPin}
          title={EVENT_TEXTS.nearUnknown}
          description={EVENT_TEXTS.nearUnknownHint}
          action={locateAction}
        />
      )}
      {events.isLoading && <PageSkeleton label="Loading events..." />}
      {events.isError && (
        <LoadFailure
          title="Couldn't load events"
          error={events.error}
          onRetry={() => events.refetch()}
          isRetrying={events.isFetching}
        />
      )}
      {events.isSuccess && items.length === 0 && (
        <EmptyState icon={CalendarDays} title={empty.title} description={empty.hint} action={createAction} />
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
        <h1 className="text-2xl font-bold">{EVENT_TEXTS.title}</h1>
        {createAction}
      </div>
      <Tabs value={tab} onValueChange={(value) => startTransition(() => setTab(value as EventsTab))}>
        <div className="flex flex-wrap items-center gap-3">
          <TabsList className="max-w-full overflow-x-auto">
            {tabs.map((value) => (
              <TabsTrigger key={value} value={value}>
                {labels[value]}
              </TabsTrigger>
            ))}
          </TabsList>
          <NativeSelect
            aria-label="Category"
            className="w-auto sm:ml-auto"
            value={category ?? ""}
            onChange={(change) => setCategory((change.target.value || null) as EventCategory | null)}
          >
            <option value="">{EVENT_TEXTS.allCategories}</option>
            {EVENT_CATEGORIES.map((value) => (
              <option key={value} value={value}>
                {EVENT_CATEGORY_LABELS[value]}
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
