import type { EventView } from "@plaza/contracts/events";
import type { SearchResultsView } from "@plaza/contracts/search";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Router } from "wouter";
import { catalog as spanishMessages, texts as spanishTexts } from "@/i18n/catalogs/es";
import { withIntl } from "@/i18n/with-intl";
import { SearchResultList } from "./search-results";

const EVENT: EventView = {
  id: "00000000-0000-4000-8000-0000000000e1",
  title: "Saturday market",
  description: "",
  startsAt: "2027-06-12T16:00:00.000Z",
  endsAt: "2027-06-12T20:00:00.000Z",
  timeZone: "America/Los_Angeles",
  place: { businessId: null, name: "Waterfront", address: "", latitude: null, longitude: null },
  category: "food",
  coverUrl: null,
  visibility: "public",
  capacity: null,
  price: null,
  recurrence: null,
  seriesId: null,
  hosts: [],
  goingCount: 0,
  interestedCount: 0,
  waitlistCount: 0,
  friendsGoing: [],
  friendsGoingCount: 0,
  isCancelled: false,
  createdAt: "2027-06-01T00:00:00.000Z",
  viewer: { rsvp: null, waitlistPosition: null, ticket: null, isHost: false, isAskedToCoHost: false },
};
const RESULTS: SearchResultsView = { people: [], businesses: [], posts: [], events: [EVENT] };

const render = (only?: "people" | "businesses" | "events") =>
  renderToStaticMarkup(
    withIntl(
      <Router ssrPath="/search">
        <SearchResultList results={RESULTS} only={only} />
      </Router>,
    ),
  );

describe("search results: the events the search box promises", () => {
  it("lists a found event, linked to its page, with its start in its own time zone", () => {
    for (const html of [render(), render("events")]) {
      expect(html).toContain('href="/events/00000000-0000-4000-8000-0000000000e1"');
      expect(html).toContain("Saturday market");
      expect(html).toMatch(/Sat, Jun 12, 9:00\sAM\sPDT/);
    }
  });

  it("keeps the People tab to people", () => {
    expect(render("people")).toContain("No results");
  });
});

describe("search results in Spanish: the contracts' words in the page's language", () => {
  it("names a business's category and an event's start in Spanish", () => {
    const results: SearchResultsView = {
      ...RESULTS,
      businesses: [
        {
          id: "00000000-0000-4000-8000-0000000000b1",
          ownerId: "00000000-0000-4000-8000-0000000000a1",
          name: "Casa Lupe",
          category: "restaurant",
          logoImageUrl: null,
          averageRating: 4.5,
          totalReviews: 12,
          verified: false,
        },
      ],
    };
    const html = renderToStaticMarkup(
      withIntl(
        <Router ssrPath="/search">
          <SearchResultList results={results} />
        </Router>,
        "es",
        spanishMessages,
        spanishTexts,
      ),
    );
    expect(html).toContain("Restaurante · 4,5 ★ (12)");
    expect(html).not.toContain("Restaurant ·");
    // The event's start as Spanish writes it, still in the event's own time zone.
    expect(html).toContain(
      new Intl.DateTimeFormat("es", {
        timeZone: "America/Los_Angeles",
        weekday: "short",
        month: "short",
        day: "numeric",
        hour: "numeric",
        minute: "2-digit",
        timeZoneName: "short",
      }).format(new Date(EVENT.startsAt)),
    );
    expect(html).not.toMatch(/Sat, Jun 12/);
  });
});
