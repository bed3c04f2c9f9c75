import type { EventView } from "@plaza/contracts/events";
import type { SearchResultsView } from "@plaza/contracts/search";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Router } from "wouter";
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
