import { BUSINESS_MESSAGES, RATE_VISIT_DAYS } from "@plaza/contracts/businesses";
import { COUPON_MESSAGES } from "@plaza/contracts/coupons";
import { type AdmissionView, type AttendeeView, DOOR_MESSAGES } from "@plaza/contracts/event-door";
import { EVENT_MESSAGES } from "@plaza/contracts/events";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBusiness } from "../../../test/factories/businesses";
import { buildEvent } from "../../../test/factories/events";
import { buildUser } from "../../../test/factories/users";
import { buildTestApp, type TestApp, type TestClient } from "../../../test/test-app";
import { businesses } from "../../db/schema/businesses";
import { checkins } from "../../db/schema/checkins";

let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());

const HOUR_MS = 60 * 60 * 1000;
const MISSING_ID = "00000000-0000-4000-8000-000000000000";

/** An event starting `startsIn` from the test clock's now, lasting three hours. */
async function eventSoon(host: TestClient, startsIn: number, overrides: Record<string, unknown> = {}) {
  const start = harness.clock.now().getTime() + startsIn;
  return buildEvent(host, {
    startsAt: new Date(start).toISOString(),
    endsAt: new Date(start + 3 * HOUR_MS).toISOString(),
    timeZone: "UTC",
    ...overrides,
  });
}

async function goingWithTicket(eventId: string, overrides: Record<string, unknown> = {}) {
  const guest = await buildUser(harness.app, overrides);
  const answer = await guest.client.put(`/api/events/${eventId}/rsvp`, { status: "going" });
  expect(answer.json().status).toBe("going");
  const ticket = await guest.client.get(`/api/events/${eventId}/ticket`);
  expect(ticket.statusCode).toBe(200);
  return { ...guest, code: ticket.json<{ code: string }>().code };
}

describe("GET /api/events/{id}/attendees", () => {
  it("hosts page through going, the waitlist in line order and interested, with counts; others are refused", async () => {
    const { client: host } = await buildUser(harness.app);
    const { client: stranger } = await buildUser(harness.app);
    const event = await eventSoon(host, 48 * HOUR_MS, { capacity: 2 });
    const url = `/api/events/${event.id}/attendees`;
    const guests = [];
    for (const name of ["Ada", "Ben", "Cy", "Dee", "Eve"]) {
      const guest = await buildUser(harness.app, { firstName: name });
      await guest.client.put(`/api/events/${event.id}/rsvp`, { status: "going" });
      harness.clock.advance(1000);
      guests.push(guest);
    }
    const fan = await buildUser(harness.app, { firstName: "Fay" });
    await fan.client.put(`/api/events/${event.id}/rsvp`, { status: "interested" });

    const going = await host.get(`${url}?status=going&limit=1`);
    expect(going.statusCode).toBe(200);
    expect(going.json<AttendeeView[]>().map((row) => row.user.firstName)).toEqual(["Ada"]);
    expect(going.json()[0]).toMatchObject({ status: "going", waitlistPosition: null, admittedAt: null });
    expect(Object.keys(going.json()[0].user).sort()).toEqual(
      ["firstName", "id", "isVerified", "lastName", "profileImageUrl", "profileType", "username"].sort(),
    );
    const cursor = going.headers["x-next-cursor"];
    expect(cursor).toBeTruthy();
    const next = await host.get(`${url}?status=going&limit=1&cursor=${cursor}`);
    expect(next.json<AttendeeView[]>().map((row) => row.user.firstName)).toEqual(["Ben"]);
    expect(next.headers["x-next-cursor"]).toBeUndefined();

    const line = await host.get(`${url}?status=waitlisted&limit=2`);
    expect(line.json<AttendeeView[]>().map((row) => [row.user.firstName, row.waitlistPosition])).toEqual([
      ["Cy", 1],
      ["Dee", 2],
    ]);
    const rest = await host.get(`${url}?status=waitlisted&limit=2&cursor=${line.headers["x-next-cursor"]}`);
    expect(rest.json<AttendeeView[]>().map((row) => [row.user.firstName, row.waitlistPosition])).toEqual([["Eve", 3]]);
    // A cursor of another list is refused, not misread.
    expect((await host.get(`${url}?status=waitlisted&cursor=${cursor}`)).statusCode).toBe(400);
    expect((await host.get(`${url}?status=interested`)).json()).toHaveLength(1);
    expect((await host.get(`${url}?status=maybe`)).json().message).toBe(DOOR_MESSAGES.invalidStatus);
    expect((await host.get(`${url}/counts`)).json()).toEqual({ going: 2, waitlisted: 3, interested: 1, admitted: 0 });

    // A guest (or anyone who sees the event) is not a host: 403; an event one may not see: 404.
    const refused = await guests[0]?.client.get(url);
    expect(refused?.statusCode).toBe(403);
    expect(refused?.json().message).toBe(DOOR_MESSAGES.notHost);
    expect((await stranger.get(`${url}/counts`)).statusCode).toBe(403);
    const hidden = await eventSoon(host, 48 * HOUR_MS, { visibility: "invite" });
    expect((await stranger.get(`/api/events/${hidden.id}/attendees`)).statusCode).toBe(404);
    expect((await host.get(`/api/events/${MISSING_ID}/attendees`)).json().message).toBe(EVENT_MESSAGES.eventNotFound);
  });
});

describe("POST /api/events/{id}/admissions", () => {
  it("admits a going guest's ticket once; a second scan says when; wrong codes, events and people are refused", async () => {
    const { client: host } = await buildUser(harness.app);
    const event = await eventSoon(host, HOUR_MS);
    const other = await eventSoon(host, HOUR_MS);
    const url = `/api/events/${event.id}/admissions`;
    const guest = await goingWithTicket(event.id, { firstName: "Gil", lastName: "Moss" });
    const elsewhere = await goingWithTicket(other.id);

    const first = await host.post(url, { code: guest.code });
    expect(first.statusCode).toBe(200);
    const admitted = first.json<AdmissionView>();
    expect(admitted).toEqual({ name: "Gil Moss", admittedAt: harness.clock.now().toISOString(), firstTime: true });
    harness.clock.advance(5 * 60 * 1000);
    // Typed by hand: lower case and spaces are the same code.
    const typed = ` ${guest.code.toLowerCase()} `;
    const again = await host.post(url, { code: typed });
    expect(again.json()).toEqual({ ...admitted, firstTime: false });
    const row = (await host.get(`/api/events/${event.id}/attendees?status=going`)).json<AttendeeView[]>()[0];
    expect(row?.admittedAt).toBe(admitted.admittedAt);
    expect((await host.get(`/api/events/${event.id}/attendees/counts`)).json()).toMatchObject({ admitted: 1 });

    const unknown = await host.post(url, { code: "NOPE1234" });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, DOOR_MESSAGES.unknownCode]);
    const wrongEvent = await host.post(url, { code: elsewhere.code });
    expect([wrongEvent.statusCode, wrongEvent.json().message]).toEqual([409, DOOR_MESSAGES.otherEvent]);
    const empty = await host.post(url, { code: "  " });
    expect([empty.statusCode, empty.json().message]).toEqual([400, DOOR_MESSAGES.codeRequired]);
    // Not a host (the guest themselves, scanning their own ticket): 403, and nothing changes.
    const selfScan = await guest.client.post(`/api/events/${other.id}/admissions`, { code: elsewhere.code });
    expect([selfScan.statusCode, selfScan.json().message]).toEqual([403, DOOR_MESSAGES.notHost]);
    expect((await host.get(`/api/events/${other.id}/attendees/counts`)).json()).toMatchObject({ admitted: 0 });
  });

  it("the door opens 3 hours before the start and closes at the end; a cancelled event admits nobody", async () => {
    const { client: host } = await buildUser(harness.app);
    const event = await eventSoon(host, 4 * HOUR_MS);
    const guest = await goingWithTicket(event.id);
    const url = `/api/events/${event.id}/admissions`;
    const early = await host.post(url, { code: guest.code });
    expect([early.statusCode, early.json().message]).toEqual([409, DOOR_MESSAGES.notOpenYet]);
    harness.clock.advance(HOUR_MS + 1000);
    expect((await host.post(url, { code: guest.code })).json().firstTime).toBe(true);

    const late = await eventSoon(host, HOUR_MS);
    const latecomer = await goingWithTicket(late.id);
    harness.clock.advance(4 * HOUR_MS);
    const over = await host.post(`/api/events/${late.id}/admissions`, { code: latecomer.code });
    expect([over.statusCode, over.json().message]).toEqual([409, DOOR_MESSAGES.over]);

    const called = await eventSoon(host, HOUR_MS);
    const disappointed = await goingWithTicket(called.id);
    await host.post(`/api/events/${called.id}/cancel`);
    const cancelled = await host.post(`/api/events/${called.id}/admissions`, { code: disappointed.code });
    expect([cancelled.statusCode, cancelled.json().message]).toEqual([409, DOOR_MESSAGES.cancelled]);
  });

  it("a guest who left is refused at the door", async () => {
    const { client: host } = await buildUser(harness.app);
    const event = await eventSoon(host, HOUR_MS);
    const guest = await goingWithTicket(event.id);
    await guest.client.put(`/api/events/${event.id}/rsvp`, { status: "not_going" });
    const refused = await host.post(`/api/events/${event.id}/admissions`, { code: guest.code });
    expect([refused.statusCode, refused.json().message]).toEqual([409, DOOR_MESSAGES.notGoing]);
  });

  it("at a business, the admission is a verified visit: a coupon that needs one becomes redeemable", async () => {
    const { owner, business, coupon } = await buildBusiness(harness.app, { publish: true });
    if (!coupon) throw new Error("coupon missing");
    const event = await eventSoon(owner, HOUR_MS, { place: { businessId: business.id } });
    const guest = await goingWithTicket(event.id);
    const redeem = `/api/coupons/${coupon.id}/redeem`;
    const before = await guest.client.post(redeem);
    expect([before.statusCode, before.json().message]).toEqual([403, COUPON_MESSAGES.checkInRequired]);

    expect((await owner.post(`/api/events/${event.id}/admissions`, { code: guest.code })).json().firstTime).toBe(true);
    const visits = await harness.context.db
      .select()
      .from(checkins)
      .where(and(eq(checkins.userId, guest.user.id), eq(checkins.businessId, business.id)));
    expect(visits).toHaveLength(1);
    const [counted] = await harness.context.db.select().from(businesses).where(eq(businesses.id, business.id));
    expect(counted?.totalCheckIns).toBe(1);
    expect((await guest.client.post(redeem)).statusCode).toBe(201);
    // A second scan is not a second visit.
    expect((await owner.post(`/api/events/${event.id}/admissions`, { code: guest.code })).json().firstTime).toBe(false);
    const [still] = await harness.context.db.select().from(businesses).where(eq(businesses.id, business.id));
    expect(still?.totalCheckIns).toBe(1);
  });

  it("at a business, the admitted guest may rate the visit once; the review shows as verified and counts", async () => {
    const { owner, business } = await buildBusiness(harness.app, { publish: true });
    const event = await eventSoon(owner, HOUR_MS, { place: { businessId: business.id } });
    const guest = await goingWithTicket(event.id, { firstName: "Rita" });
    const stranger = await buildUser(harness.app);
    const reviews = `/api/businesses/${business.id}/reviews`;
    const visit = `/api/businesses/${business.id}/visit`;

    expect((await guest.client.get(visit)).json()).toEqual({ lastVisitAt: null, canRate: false });
    const early = await guest.client.post(reviews, { rating: 5 });
    expect([early.statusCode, early.json().message]).toEqual([403, BUSINESS_MESSAGES.reviewNeedsVisit]);

    await owner.post(`/api/events/${event.id}/admissions`, { code: guest.code });
    expect((await guest.client.get(visit)).json()).toMatchObject({ canRate: true });
    expect((await guest.client.post(reviews, { rating: 6 })).statusCode).toBe(400);
    const own = await owner.post(reviews, { rating: 5 });
    expect([own.statusCode, own.json().message]).toEqual([403, BUSINESS_MESSAGES.ownBusinessReview]);
    expect((await stranger.client.post(reviews, { rating: 1 })).statusCode).toBe(403);
    expect((await guest.client.post(`/api/businesses/${MISSING_ID}/reviews`, { rating: 4 })).statusCode).toBe(404);

    const rated = await guest.client.post(reviews, { rating: 4, review: "  Great gig, good coffee  " });
    expect(rated.statusCode).toBe(201);
    expect(rated.json()).toMatchObject({ rating: 4, review: "Great gig, good coffee", verifiedVisit: true });
    const listed = (await stranger.client.get(reviews)).json();
    expect(listed.map((entry: { review: string }) => entry.review)).toContain("Great gig, good coffee");
    const [counted] = await harness.context.db.select().from(businesses).where(eq(businesses.id, business.id));
    expect({ reviews: counted?.totalReviews, average: Number(counted?.averageRating) }).toEqual({
      reviews: 1,
      average: 4,
    });
    // One visit, one review.
    const again = await guest.client.post(reviews, { rating: 1 });
    expect([again.statusCode, again.json().message]).toEqual([409, BUSINESS_MESSAGES.visitAlreadyRated]);
    expect((await guest.client.get(visit)).json()).toMatchObject({ canRate: false });
  });

  it("an unrated visit may be rated for 14 days, not after", async () => {
    const { owner, business } = await buildBusiness(harness.app, { publish: true });
    const event = await eventSoon(owner, HOUR_MS, { place: { businessId: business.id } });
    const guest = await goingWithTicket(event.id);
    await owner.post(`/api/events/${event.id}/admissions`, { code: guest.code });
    harness.clock.advance(RATE_VISIT_DAYS * 24 * HOUR_MS + 1000);
    const password = guest.password;
    // Two weeks on, the session may have ended: sign in again.
    const signedIn = await guest.client.post("/api/auth/login", { email: guest.user.email, password });
    expect(signedIn.statusCode).toBe(200);
    const late = await guest.client.post(`/api/businesses/${business.id}/reviews`, { rating: 5 });
    expect([late.statusCode, late.json().message]).toEqual([403, BUSINESS_MESSAGES.reviewNeedsVisit]);
  });
});
