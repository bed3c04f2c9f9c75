import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildEvent } from "../../../test/factories/events";
import { buildUser } from "../../../test/factories/users";
import { buildTestApp, type TestApp, type TestClient } from "../../../test/test-app";

let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());

const HOUR_MS = 60 * 60 * 1000;

const ok = <T extends { statusCode: number; body: string }>(response: T): T => {
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response;
};

/** An event starting `startsIn` from the test clock's now, lasting three hours (the door is open 3 hours before). */
function eventSoon(host: TestClient, startsIn: number, overrides: Record<string, unknown> = {}) {
  const start = harness.clock.now().getTime() + startsIn;
  return buildEvent(host, {
    startsAt: new Date(start).toISOString(),
    endsAt: new Date(start + 3 * HOUR_MS).toISOString(),
    timeZone: "UTC",
    ...overrides,
  });
}

describe("GET /api/users/export holds the person's events (issue 47)", () => {
  it("events hosted and co-hosted, answers with the waitlist place, tickets with the door admission; no voided code", async () => {
    const { client: person, user } = await buildUser(harness.app);
    const { client: friend, user: friendUser } = await buildUser(harness.app);
    const { client: other } = await buildUser(harness.app);

    // Hosted, and co-hosted on the friend's invitation.
    const hosted = await eventSoon(person, 48 * HOUR_MS, { title: "My picnic" });
    const coHosted = await eventSoon(friend, 72 * HOUR_MS, { title: "Our fair", coHostIds: [user.id] });
    ok(await person.post(`/api/events/${coHosted.id}/co-hosts/accept`));
    // Waitlisted for a full event.
    const full = await eventSoon(friend, 24 * HOUR_MS, { title: "Tiny gig", capacity: 1 });
    ok(await other.put(`/api/events/${full.id}/rsvp`, { status: "going" }));
    const answeredAt = harness.clock.now().toISOString();
    ok(await person.put(`/api/events/${full.id}/rsvp`, { status: "going" }));
    // Going to a concert starting soon: a ticket, admitted at the door by its host.
    const concert = await eventSoon(friend, HOUR_MS, { title: "Friend's concert" });
    ok(await person.put(`/api/events/${concert.id}/rsvp`, { status: "going" }));
    const { code } = ok(await person.get(`/api/events/${concert.id}/ticket`)).json<{ code: string }>();
    harness.clock.advance(60 * 1000);
    const admission = ok(await friend.post(`/api/events/${concert.id}/admissions`, { code })).json();
    // A ticket voided by leaving: its code must not leave.
    const left = await eventSoon(friend, 96 * HOUR_MS, { title: "Skipped talk" });
    ok(await person.put(`/api/events/${left.id}/rsvp`, { status: "going" }));
    const { code: voidedCode } = ok(await person.get(`/api/events/${left.id}/ticket`)).json<{ code: string }>();
    ok(await person.put(`/api/events/${left.id}/rsvp`, { status: "not_going" }));

    const response = ok(await person.get("/api/users/export"));
    const data = response.json();
    expect(data.events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: hosted.id, title: "My picnic", isCreator: true, isAccepted: true }),
        expect.objectContaining({ id: coHosted.id, title: "Our fair", isCreator: false, isAccepted: true }),
      ]),
    );
    expect(data.events).toHaveLength(2);
    expect(data.eventRsvps).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ eventId: full.id, status: "waitlisted", waitlistPosition: 1, answeredAt }),
        expect.objectContaining({
          eventId: concert.id,
          eventTitle: "Friend's concert",
          eventStartsAt: concert.startsAt,
          status: "going",
          waitlistPosition: null,
          answeredAt: expect.any(String),
        }),
        expect.objectContaining({ eventId: left.id, status: "not_going", waitlistPosition: null }),
      ]),
    );
    expect(data.eventRsvps).toHaveLength(3);
    expect(data.eventTickets).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          eventId: concert.id,
          eventTitle: "Friend's concert",
          code,
          priceCents: 0,
          admittedAt: admission.admittedAt,
          voidedAt: null,
        }),
        expect.objectContaining({ eventId: left.id, code: null, admittedAt: null, voidedAt: expect.any(String) }),
      ]),
    );
    expect(data.eventTickets).toHaveLength(2);
    expect(response.body).not.toContain(voidedCode);
    // Nothing of the other guest's answer or ticket.
    expect(JSON.stringify(data.eventRsvps)).not.toContain(friendUser.id);
  });
});
