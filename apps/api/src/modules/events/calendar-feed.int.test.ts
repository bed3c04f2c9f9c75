import { EVENT_MESSAGES } from "@plaza/contracts/events";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildEvent } from "../../../test/factories/events";
import { buildUser } from "../../../test/factories/users";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";

let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp({ PUBLIC_URL: "https://plaza.example" });
});
afterAll(() => harness.close());

function parse(body: string) {
  const calendar = new ICAL.Component(ICAL.parse(body));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  return calendar;
}

const anonymous = () => new TestClient(harness.app);
/** The path of a feed URL (the test client speaks to the app directly). */
const pathOf = (url: string) => new URL(url).pathname;

describe("private calendar feed", () => {
  it("401 signed out; a link per call; the feed holds the events going and hosted, series whole, cancelled marked", async () => {
    expect((await anonymous().get("/api/users/me/calendar")).statusCode).toBe(401);
    expect((await anonymous().post("/api/users/me/calendar/rotate")).statusCode).toBe(401);
    const { client: me } = await buildUser(harness.app);
    const { client: other } = await buildUser(harness.app);

    const hosted = await buildEvent(me, { title: "My market" });
    const series = await buildEvent(me, {
      title: "Run club",
      startsAt: "2026-10-20T18:30:00-04:00",
      endsAt: "2026-10-20T19:30:00-04:00",
      timeZone: "America/New_York",
      recurrence: "FREQ=WEEKLY;COUNT=3",
    });
    const going = await buildEvent(other, { title: "Their concert", timeZone: "Asia/Tokyo" });
    await me.put(`/api/events/${going.id}/rsvp`, { status: "going" });
    const cancelled = await buildEvent(other, { title: "Called off" });
    await me.put(`/api/events/${cancelled.id}/rsvp`, { status: "going" });
    await other.post(`/api/events/${cancelled.id}/cancel`);
    const interested = await buildEvent(other, { title: "Maybe" });
    await me.put(`/api/events/${interested.id}/rsvp`, { status: "interested" });
    await buildEvent(other, { title: "Not mine" });

    const link = await me.get("/api/users/me/calendar");
    expect(link.statusCode).toBe(200);
    const { url } = link.json<{ url: string }>();
    expect(url).toMatch(/^https:\/\/plaza\.example\/api\/calendar\/[0-9a-f]{48}\.ics$/);
    const second = (await me.get("/api/users/me/calendar")).json<{ url: string }>().url;
    expect(second).not.toBe(url);

    const feed = await anonymous().get(pathOf(url));
    expect(feed.statusCode).toBe(200);
    expect(feed.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    const calendar = parse(feed.body);
    const zones = calendar.getAllSubcomponents("vtimezone").map((zone) => zone.getFirstPropertyValue("tzid"));
    expect(zones.sort()).toEqual(["America/New_York", "Asia/Tokyo", "Europe/Paris"]);
    const events = calendar.getAllSubcomponents("vevent").map((vevent) => new ICAL.Event(vevent));
    const byTitle = new Map(events.map((event) => [event.summary, event]));
    expect([...byTitle.keys()].sort()).toEqual(["Called off", "My market", "Run club", "Their concert"]);
    expect(events).toHaveLength(4);
    expect(byTitle.get("My market")?.uid).toBe(`${hosted.id}@plaza.example`);
    expect(byTitle.get("Their concert")?.startDate.toJSDate().toISOString()).toBe(going.startsAt);
    expect(byTitle.get("Called off")?.component.getFirstPropertyValue("status")).toBe("CANCELLED");
    const run = byTitle.get("Run club");
    expect(run?.uid).toBe(`${series.seriesId}@plaza.example`);
    expect(run?.isRecurring()).toBe(true);
    const iterator = run?.iterator();
    const starts = [iterator?.next(), iterator?.next(), iterator?.next(), iterator?.next()]
      .filter((time) => time !== undefined && time !== null)
      .map((time) => time.toJSDate().toISOString());
    // 18:30 in New York on both sides of the change of November 1st.
    expect(starts).toEqual(["2026-10-20T22:30:00.000Z", "2026-10-27T22:30:00.000Z", "2026-11-03T23:30:00.000Z"]);
  });

  it("rotating: a new link works, every earlier one 404s; an unknown or malformed token 404/400", async () => {
    const { client: me } = await buildUser(harness.app);
    const first = (await me.get("/api/users/me/calendar")).json<{ url: string }>().url;
    expect((await anonymous().get(pathOf(first))).statusCode).toBe(200);
    const rotated = await me.post("/api/users/me/calendar/rotate");
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json<{ url: string }>().url;
    expect(fresh).not.toBe(first);
    const gone = await anonymous().get(pathOf(first));
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(EVENT_MESSAGES.calendarNotFound);
    expect((await anonymous().get(pathOf(fresh))).statusCode).toBe(200);
    expect((await anonymous().get(`/api/calendar/${"0".repeat(48)}.ics`)).statusCode).toBe(404);
    expect((await anonymous().get("/api/calendar/not-a-token.ics")).statusCode).toBe(400);
  });
});
