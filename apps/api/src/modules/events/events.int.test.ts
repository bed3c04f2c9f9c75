import { EVENT_MESSAGES, type EventView } from "@plaza/contracts/events";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertBlock } from "../../../test/factories/blocks";
import { buildBusiness } from "../../../test/factories/businesses";
import { buildEvent, eventBody } from "../../../test/factories/events";
import { insertFollow } from "../../../test/factories/follows";
import { buildUser } from "../../../test/factories/users";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";
import { eventInvitations } from "../../db/schema/events";
import { notifications } from "../../db/schema/notifications";
import { localStamp } from "./time-zones";

let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());

const anonymous = () => new TestClient(harness.app);
const MISSING_ID = "00000000-0000-4000-8000-000000000000";

describe("POST /api/events", () => {
  it("401 signed out, then 400 naming the field for each rule of the contract", async () => {
    const { client } = await buildUser(harness.app);
    expect((await anonymous().post("/api/events", eventBody())).statusCode).toBe(401);
    const cases: [Record<string, unknown>, string][] = [
      [{ title: "" }, "Title is required"],
      [{ title: "x".repeat(201) }, "Title is at most 200 characters"],
      [{ description: "x".repeat(5001) }, "Description is at most 5000 characters"],
      [{ endsAt: "2026-06-11T18:00:00+02:00" }, EVENT_MESSAGES.endBeforeStart],
      [{ endsAt: "2026-06-19T19:00:00+02:00" }, EVENT_MESSAGES.tooLong],
      [{ startsAt: "next friday" }, "startsAt must be an ISO 8601 date-time with an offset"],
      [{ timeZone: "Mars/Olympus_Mons" }, "Choose a valid time zone"],
      [{ category: "parade" }, "Choose a category"],
      [{ capacity: 0 }, "Capacity must be at least 1"],
      [{ capacity: 100_001 }, "Capacity must be at most 100000"],
      [{ capacity: 2.5 }, "Capacity must be a whole number"],
      [{ recurrence: "FREQ=YEARLY;COUNT=3" }, EVENT_MESSAGES.recurrenceFrequency],
      [{ recurrence: "FREQ=WEEKLY;COUNT=53" }, EVENT_MESSAGES.recurrenceLimit],
      [{ recurrence: "FREQ=DAILY;UNTIL=20270801T000000Z" }, EVENT_MESSAGES.recurrenceLimit],
      [{ recurrence: "FREQ=WEEKLY" }, EVENT_MESSAGES.recurrenceEnd],
      [{ recurrence: "every tuesday" }, EVENT_MESSAGES.recurrenceInvalid],
      [{ recurrence: "FREQ=WEEKLY;COUNT=3;BYDAY=XX" }, EVENT_MESSAGES.recurrenceInvalid],
      [{ price: 12.505 }, "Prices have at most 2 decimals"],
      [{ price: 0.5 }, "A ticket price is at least $1.00 and at most $10,000"],
      [{ price: "5" }, "A ticket price is at least $1.00 and at most $10,000"],
    ];
    for (const [change, message] of cases) {
      const response = await client.post("/api/events", eventBody(change));
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().message, JSON.stringify(change)).toContain(message);
    }
    const noZone = await client.post("/api/events", eventBody({ timeZone: undefined }));
    expect(noZone.statusCode).toBe(400);
    expect(noZone.json().message).toBe(EVENT_MESSAGES.timeZoneRequired);
    const noBusiness = await client.post("/api/events", eventBody({ place: { businessId: MISSING_ID } }));
    expect(noBusiness.statusCode).toBe(400);
    expect(noBusiness.json().message).toBe(EVENT_MESSAGES.businessNotFound);
  });

  it("201 the event with its host, counters and the viewer's part; a business place takes its zone and address", async () => {
    const { client, user } = await buildUser(harness.app, { firstName: "Ana", lastName: "Host" });
    const event = await buildEvent(client, { capacity: 20 });
    expect(event).toMatchObject({
      title: "Night market",
      startsAt: "2026-06-11T17:00:00.000Z",
      timeZone: "Europe/Paris",
      place: { businessId: null, name: "Town square", address: "1 Main St", latitude: 48.85 },
      visibility: "public",
      capacity: 20,
      recurrence: null,
      seriesId: null,
      hosts: [{ id: user.id, name: "Ana Host" }],
      goingCount: 0,
      isCancelled: false,
      viewer: { rsvp: null, waitlistPosition: null, ticket: null, isHost: true },
    });
    const { owner, business } = await buildBusiness(harness.app, {
      publish: true,
      overrides: { address: "5 Quay", timeZone: "America/New_York" },
    });
    const atBusiness = await buildEvent(owner, { place: { businessId: business.id }, timeZone: undefined });
    expect(atBusiness.timeZone).toBe("America/New_York");
    expect(atBusiness.place).toMatchObject({ businessId: business.id, name: business.name, address: "5 Quay" });
  });

  it("a weekly series: one event per occurrence sharing a seriesId, 19:00 local across the DST change", async () => {
    const { client } = await buildUser(harness.app);
    const first = await buildEvent(client, {
      startsAt: "2026-10-20T19:00:00+02:00",
      endsAt: "2026-10-20T21:00:00+02:00",
      recurrence: "RRULE:FREQ=WEEKLY;COUNT=3",
    });
    expect(first.seriesId).not.toBeNull();
    expect(first.recurrence).toBe("FREQ=WEEKLY;COUNT=3");
    const list = await client.get("/api/events?mine=hosting&limit=10");
    const series = list.json<EventView[]>().filter((event) => event.seriesId === first.seriesId);
    expect(series.map((event) => [event.startsAt, event.endsAt])).toEqual([
      ["2026-10-20T17:00:00.000Z", "2026-10-20T19:00:00.000Z"],
      ["2026-10-27T18:00:00.000Z", "2026-10-27T20:00:00.000Z"],
      ["2026-11-03T18:00:00.000Z", "2026-11-03T20:00:00.000Z"],
    ]);
    expect(series.map((event) => localStamp(new Date(event.startsAt), "Europe/Paris").slice(9))).toEqual([
      "190000",
      "190000",
      "190000",
    ]);
  });
});

describe("who sees an event", () => {
  it("followers-only needs to follow a host, invite-only an invitation, blocks hide it both ways: 404 otherwise", async () => {
    const { client: host, user: hostUser } = await buildUser(harness.app);
    const { client: follower, user: followerUser } = await buildUser(harness.app);
    const { client: stranger, user: strangerUser } = await buildUser(harness.app);
    await insertFollow(harness.context, followerUser.id, hostUser.id);
    const publicEvent = await buildEvent(host);
    const forFollowers = await buildEvent(host, { visibility: "followers" });
    const byInvitation = await buildEvent(host, { visibility: "invite" });

    expect((await anonymous().get(`/api/events/${publicEvent.id}`)).statusCode).toBe(200);
    expect((await anonymous().get(`/api/events/${forFollowers.id}`)).statusCode).toBe(404);
    expect((await stranger.get(`/api/events/${forFollowers.id}`)).statusCode).toBe(404);
    expect((await follower.get(`/api/events/${forFollowers.id}`)).statusCode).toBe(200);
    expect((await follower.get(`/api/events/${byInvitation.id}`)).statusCode).toBe(404);
    expect((await host.get(`/api/events/${byInvitation.id}`)).statusCode).toBe(200);
    await harness.context.db.insert(eventInvitations).values({ eventId: byInvitation.id, userId: strangerUser.id });
    expect((await stranger.get(`/api/events/${byInvitation.id}`)).statusCode).toBe(200);
    // The RSVP and calendar answer the same 404 as the event itself.
    expect((await follower.put(`/api/events/${byInvitation.id}/rsvp`, { status: "going" })).statusCode).toBe(404);
    expect((await anonymous().get(`/api/events/${forFollowers.id}/calendar.ics`)).statusCode).toBe(404);

    await insertBlock(harness.context, hostUser.id, strangerUser.id);
    expect((await stranger.get(`/api/events/${publicEvent.id}`)).statusCode).toBe(404);
    await insertBlock(harness.context, followerUser.id, hostUser.id);
    expect((await follower.get(`/api/events/${publicEvent.id}`)).statusCode).toBe(404);
    const seenByStranger = (await stranger.get("/api/events?limit=50")).json<EventView[]>().map((event) => event.id);
    expect(seenByStranger).not.toContain(publicEvent.id);
    expect((await anonymous().get(`/api/events/${MISSING_ID}`)).statusCode).toBe(404);
  });
});

describe("GET /api/events", () => {
  it("upcoming events soonest first in cursor pages, with filters; signed out sees public ones; mine needs a session", async () => {
    const { client: host, user: hostUser } = await buildUser(harness.app);
    const days = ["2026-07-03", "2026-07-01", "2026-07-02"];
    for (const day of days) {
      await buildEvent(host, {
        title: `Run ${day}`,
        category: "sports",
        startsAt: `${day}T07:00:00Z`,
        endsAt: `${day}T08:00:00Z`,
      });
    }
    await buildEvent(host, {
      title: "Hidden",
      category: "sports",
      visibility: "followers",
      startsAt: "2026-07-01T09:00:00Z",
      endsAt: "2026-07-01T10:00:00Z",
    });
    const query = `/api/events?category=sports&hostId=${hostUser.id}&from=2026-06-30T00:00:00Z&to=2026-07-04T00:00:00Z`;
    const first = await anonymous().get(`${query}&limit=2`);
    expect(first.statusCode).toBe(200);
    expect(first.json<EventView[]>().map((event) => event.title)).toEqual(["Run 2026-07-01", "Run 2026-07-02"]);
    const cursor = first.headers["x-next-cursor"];
    expect(typeof cursor).toBe("string");
    const second = await anonymous().get(`${query}&limit=2&cursor=${cursor}`);
    expect(second.json<EventView[]>().map((event) => event.title)).toEqual(["Run 2026-07-03"]);
    expect(second.headers["x-next-cursor"]).toBeUndefined();
    const asHost = await host.get(`${query}&limit=10`);
    expect(asHost.json<EventView[]>().map((event) => event.title)).toContain("Hidden");
    expect((await anonymous().get("/api/events?mine=going")).statusCode).toBe(401);
    expect((await anonymous().get("/api/events?category=parade")).statusCode).toBe(400);
    expect((await anonymous().get("/api/events?cursor=bm9wZQ")).statusCode).toBe(400);
    const past = await anonymous().get(`/api/events?hostId=${hostUser.id}&to=2026-05-01T00:00:00Z`);
    expect(past.json()).toEqual([]);
  });
});

describe("PATCH and cancel", () => {
  it("hosts only (403), a series edited this or following, a cancellation notifies everyone going", async () => {
    const { client: host } = await buildUser(harness.app);
    const { client: guest, user: guestUser } = await buildUser(harness.app);
    const first = await buildEvent(host, {
      startsAt: "2026-06-09T18:00:00Z",
      endsAt: "2026-06-09T20:00:00Z",
      recurrence: "FREQ=WEEKLY;COUNT=4",
    });
    const seriesOf = async (seriesId: string | null) =>
      (await host.get("/api/events?mine=hosting&limit=50"))
        .json<EventView[]>()
        .filter((event) => event.seriesId === seriesId || event.recurrence !== null);
    const all = await seriesOf(first.seriesId);
    const [, second, third] = all;
    if (!second || !third) throw new Error("series missing");

    expect((await anonymous().patch(`/api/events/${first.id}`, { title: "x" })).statusCode).toBe(401);
    const notHost = await guest.patch(`/api/events/${first.id}`, { title: "Mine now" });
    expect(notHost.statusCode).toBe(403);
    expect(notHost.json().message).toBe(EVENT_MESSAGES.notHost);
    expect((await guest.post(`/api/events/${first.id}/cancel`)).statusCode).toBe(403);
    expect((await host.patch(`/api/events/${first.id}`, { endsAt: "2026-06-09T17:00:00Z" })).statusCode).toBe(400);
    expect((await host.patch(`/api/events/${first.id}?scope=sometimes`, { title: "x" })).statusCode).toBe(400);
    expect((await host.patch(`/api/events/${first.id}`, { recurrence: "FREQ=DAILY;COUNT=2" })).statusCode).toBe(400);

    const renamed = await host.patch(`/api/events/${second.id}?scope=following`, { title: "Late run" });
    expect(renamed.statusCode).toBe(200);
    const titles = (await seriesOf(first.seriesId)).map((event) => event.title);
    expect(titles).toEqual(["Night market", "Late run", "Late run", "Late run"]);

    expect((await guest.put(`/api/events/${third.id}/rsvp`, { status: "going" })).json()).toEqual({
      status: "going",
      waitlistPosition: null,
    });
    const moved = await host.patch(`/api/events/${third.id}?scope=following`, {
      startsAt: "2026-06-23T19:00:00Z",
      endsAt: "2026-06-23T21:00:00Z",
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().seriesId).not.toBe(first.seriesId);
    expect(moved.json().recurrence).toBe("FREQ=WEEKLY;COUNT=2");
    const changed = await harness.context.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, guestUser.id), eq(notifications.type, "event_changed")));
    expect(changed).toHaveLength(1);

    const cancelled = await host.post(`/api/events/${third.id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().isCancelled).toBe(true);
    expect((await host.post(`/api/events/${third.id}/cancel`)).statusCode).toBe(409);
    const told = await harness.context.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, guestUser.id), eq(notifications.type, "event_cancelled")));
    expect(told).toHaveLength(1);
    expect(told[0]?.entityId).toBe(third.id);
    const refused = await guest.put(`/api/events/${third.id}/rsvp`, { status: "going" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(EVENT_MESSAGES.cancelled);

    const following = await host.post(`/api/events/${first.id}/cancel?scope=following`);
    expect(following.statusCode).toBe(200);
    // The split-off part is its own series now: cancelling the first part's following leaves it as it was.
    const afterCancel = await seriesOf(first.seriesId);
    expect(afterCancel.map((event) => [event.seriesId === first.seriesId, event.isCancelled])).toEqual([
      [true, true],
      [true, true],
      [false, true],
      [false, false],
    ]);
  });
});
