import { EVENT_MESSAGES } from "@plaza/contracts/events";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildEvent } from "../../../test/factories/events";
import { buildUser } from "../../../test/factories/users";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";
import { notifications } from "../../db/schema/notifications";

let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());

describe("PUT /api/events/{id}/rsvp", () => {
  it("401, 400, then seats up to the capacity, a waitlist in arrival order, promotion of the first when a seat frees", async () => {
    const { client: host } = await buildUser(harness.app);
    const event = await buildEvent(host, { capacity: 2 });
    const url = `/api/events/${event.id}/rsvp`;
    expect((await new TestClient(harness.app).put(url, { status: "going" })).statusCode).toBe(401);
    const { client: first } = await buildUser(harness.app);
    const bad = await first.put(url, { status: "waitlisted" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Status is going, interested or not_going");

    const guests = await Promise.all([1, 2, 3, 4, 5].map(() => buildUser(harness.app)));
    const answers = [];
    for (const guest of guests) answers.push((await guest.client.put(url, { status: "going" })).json());
    expect(answers).toEqual([
      { status: "going", waitlistPosition: null },
      { status: "going", waitlistPosition: null },
      { status: "waitlisted", waitlistPosition: 1 },
      { status: "waitlisted", waitlistPosition: 2 },
      { status: "waitlisted", waitlistPosition: 3 },
    ]);
    const [one, , three, four, five] = guests;
    if (!one || !three || !four || !five) throw new Error("guests missing");
    // Saying "going" again keeps one's place in line.
    expect((await four.client.put(url, { status: "going" })).json()).toEqual({
      status: "waitlisted",
      waitlistPosition: 2,
    });

    // The first going leaves: the first on the waitlist is going at once and is told.
    expect((await one.client.put(url, { status: "interested" })).json()).toEqual({
      status: "interested",
      waitlistPosition: null,
    });
    const view = (await three.client.get(`/api/events/${event.id}`)).json();
    expect(view).toMatchObject({ goingCount: 2, interestedCount: 1, waitlistCount: 2, viewer: { rsvp: "going" } });
    expect((await five.client.get(`/api/events/${event.id}`)).json().viewer).toMatchObject({
      rsvp: "waitlisted",
      waitlistPosition: 2,
    });
    const promoted = await harness.context.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, three.user.id), eq(notifications.type, "event_waitlist_promoted")));
    expect(promoted).toHaveLength(1);
    // Leaving the waitlist moves those behind up; raising the capacity seats them.
    await four.client.put(url, { status: "not_going" });
    expect((await five.client.get(`/api/events/${event.id}`)).json().viewer.waitlistPosition).toBe(1);
    expect((await host.patch(`/api/events/${event.id}`, { capacity: 1 })).statusCode).toBe(409);
    const raised = await host.patch(`/api/events/${event.id}`, { capacity: 3 });
    expect(raised.json()).toMatchObject({ goingCount: 3, waitlistCount: 0 });
    expect((await five.client.get(`/api/events/${event.id}`)).json().viewer.rsvp).toBe("going");
  });

  it("a finished event refuses RSVPs (409)", async () => {
    const { client: host } = await buildUser(harness.app);
    const event = await buildEvent(host);
    harness.clock.advance(11 * 24 * 60 * 60 * 1000);
    const refused = await host.put(`/api/events/${event.id}/rsvp`, { status: "going" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(EVENT_MESSAGES.past);
  });
});
