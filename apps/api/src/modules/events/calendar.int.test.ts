import type { EventView } from "@plaza/contracts/events";
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

/** The file parsed by ical.js, its time zones registered so zoned times convert to instants. */
function parse(body: string) {
  const calendar = new ICAL.Component(ICAL.parse(body));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  return calendar;
}

const instant = (time: ICAL.Time) => time.toJSDate().toISOString();

describe("GET /api/events/{id}/calendar.ics", () => {
  it("a single event: text/calendar with UID, DTSTAMP, zoned DTSTART/DTEND, a VTIMEZONE, SUMMARY, LOCATION, URL", async () => {
    const { client: host } = await buildUser(harness.app);
    const event = await buildEvent(host, { title: "Night market; food, music" });
    const response = await new TestClient(harness.app).get(`/api/events/${event.id}/calendar.ics`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(response.body).toContain("\r\n");
    const calendar = parse(response.body);
    const zone = calendar.getFirstSubcomponent("vtimezone");
    expect(zone?.getFirstPropertyValue("tzid")).toBe("Europe/Paris");
    const vevent = new ICAL.Event(calendar.getFirstSubcomponent("vevent") ?? undefined);
    expect(vevent.uid).toBe(`${event.id}@plaza.example`);
    expect(vevent.summary).toBe("Night market; food, music");
    expect(vevent.location).toBe("Town square, 1 Main St");
    expect(vevent.component.getFirstPropertyValue("url")).toBe(`https://plaza.example/events/${event.id}`);
    expect(vevent.component.getFirstPropertyValue("dtstamp")).toBeTruthy();
    expect(vevent.startDate.zone?.tzid).toBe("Europe/Paris");
    expect(instant(vevent.startDate)).toBe(event.startsAt);
    expect(instant(vevent.endDate)).toBe(event.endsAt);
    expect(vevent.component.getFirstPropertyValue("status")).toBe("CONFIRMED");
    expect(vevent.isRecurring()).toBe(false);
  });

  it("a series across the DST change: RRULE, its occurrences at the stored instants, EXDATE for a cancelled one, RECURRENCE-ID for a moved one", async () => {
    const { client: host } = await buildUser(harness.app);
    const first = await buildEvent(host, {
      title: "Run club",
      startsAt: "2026-10-27T18:30:00-04:00",
      endsAt: "2026-10-27T19:30:00-04:00",
      timeZone: "America/New_York",
      recurrence: "FREQ=WEEKLY;COUNT=4",
    });
    const series = (await host.get("/api/events?mine=hosting&limit=10"))
      .json<EventView[]>()
      .filter((event) => event.seriesId === first.seriesId);
    expect(series).toHaveLength(4);
    const [, second, third, fourth] = series;
    if (!second || !third || !fourth) throw new Error("series missing");
    expect((await host.post(`/api/events/${second.id}/cancel`)).statusCode).toBe(200);
    const moved = await host.patch(`/api/events/${third.id}`, {
      startsAt: "2026-11-10T20:00:00-05:00",
      endsAt: "2026-11-10T21:00:00-05:00",
    });
    expect(moved.statusCode).toBe(200);

    const response = await host.get(`/api/events/${fourth.id}/calendar.ics`);
    expect(response.statusCode).toBe(200);
    const calendar = parse(response.body);
    const [master, ...exceptions] = calendar
      .getAllSubcomponents("vevent")
      .map((component) => new ICAL.Event(component));
    if (!master) throw new Error("no VEVENT");
    expect(master.uid).toBe(`${first.seriesId}@plaza.example`);
    expect(master.isRecurring()).toBe(true);
    for (const exception of exceptions) master.relateException(exception);
    const iterator = master.iterator();
    const starts: string[] = [];
    for (let next = iterator.next(); next; next = iterator.next()) {
      starts.push(instant(master.getOccurrenceDetails(next).startDate));
    }
    // 18:30 in New York before and after the change of 1 November; the cancelled one is gone, the moved one moved.
    expect(starts).toEqual(["2026-10-27T22:30:00.000Z", "2026-11-11T01:00:00.000Z", "2026-11-17T23:30:00.000Z"]);
    expect(exceptions).toHaveLength(1);
  });

  it("a cancelled event says STATUS:CANCELLED", async () => {
    const { client: host } = await buildUser(harness.app);
    const event = await buildEvent(host);
    await host.post(`/api/events/${event.id}/cancel`);
    const calendar = parse((await host.get(`/api/events/${event.id}/calendar.ics`)).body);
    expect(calendar.getFirstSubcomponent("vevent")?.getFirstPropertyValue("status")).toBe("CANCELLED");
  });
});
