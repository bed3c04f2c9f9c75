import { BUSINESS_MESSAGES } from "@plaza/contracts/businesses";
import { VISIT_CODE_PREVIOUS_GRACE_MS, VISIT_CODE_WINDOW_MS } from "@plaza/contracts/checkins";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BUSINESS_POSITION,
  buildBusiness,
  checkInAt,
  insertPublishedBusinesses,
  readVisitCode,
} from "../../../test/factories/businesses";
import { buildUser } from "../../../test/factories/users";
import { readsOf } from "../../../test/table-reads";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";
import { businesses } from "../../db/schema/businesses";
import { users } from "../../db/schema/users";
import { distanceInMeters, type Position } from "../../lib/geo";
import { searchBusinesses } from "../search/search.repository";
import { listBusinessesByDistance } from "./discover.repository";

let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());

const anonymous = () => new TestClient(harness.app);
const MISSING_ID = "00000000-0000-4000-8000-000000000000";
const HOUR_MS = 60 * 60 * 1000;

describe("POST /api/businesses", () => {
  it("401 signed out, 400 with the rule's message, 403 for a non-business profile, 201, then 409", async () => {
    expect((await anonymous().post("/api/businesses", { name: "X", category: "cafe" })).statusCode).toBe(401);

    const { client: owner } = await buildUser(harness.app, { profileType: "business" });
    const missingName = await owner.post("/api/businesses", { category: "cafe" });
    expect(missingName.statusCode).toBe(400);
    expect(missingName.json().message).toBe("Business name is required");
    const badCategory = await owner.post("/api/businesses", { name: "X", category: "bank" });
    expect(badCategory.json().message).toBe("Please choose a category");
    const badLatitude = await owner.post("/api/businesses", { name: "X", category: "cafe", latitude: 91 });
    expect(badLatitude.json().message).toBe("Invalid latitude");

    const { client: personal } = await buildUser(harness.app);
    const refused = await personal.post("/api/businesses", { name: "X", category: "cafe" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(BUSINESS_MESSAGES.businessProfileRequired);

    const created = await owner.post("/api/businesses", {
      name: "Glow Spa",
      category: "beauty",
      ...BUSINESS_POSITION,
      // Mass assignment: fields outside the payload are ignored.
      isPublished: true,
      totalCheckIns: 99,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: "Glow Spa",
      category: "beauty",
      priceRange: "$",
      isPublished: false,
      totalCheckIns: 0,
      averageRating: 0,
      latitude: BUSINESS_POSITION.latitude,
    });
    expect(JSON.stringify(created.json())).not.toContain("visitSecret");

    const second = await owner.post("/api/businesses", { name: "Another", category: "cafe" });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(BUSINESS_MESSAGES.alreadyHasBusiness);
  });
});

describe("PATCH /api/businesses/{id}", () => {
  it("401, 400, 403 for anyone but the owner (nothing changes), then edits", async () => {
    const { owner, business } = await buildBusiness(harness.app);
    expect((await anonymous().patch(`/api/businesses/${business.id}`, { name: "Y" })).statusCode).toBe(401);
    const badWebsite = await owner.patch(`/api/businesses/${business.id}`, { website: "ftp://x" });
    expect(badWebsite.statusCode).toBe(400);
    expect(badWebsite.json().message).toBe("Website must start with http:// or https://");
    expect((await owner.patch(`/api/businesses/${business.id}`, { ratingSum: 5 })).statusCode).toBe(400);

    const { client: stranger } = await buildUser(harness.app, { profileType: "business" });
    const refused = await stranger.patch(`/api/businesses/${business.id}`, { name: "Hijacked" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(BUSINESS_MESSAGES.notOwner);
    const [row] = await harness.context.db.select().from(businesses).where(eq(businesses.id, business.id));
    expect(row?.name).toBe(business.name);

    const edited = await owner.patch(`/api/businesses/${business.id}`, {
      name: "Renamed",
      address: "1 Main St",
      priceRange: "$$",
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: "Renamed", address: "1 Main St", priceRange: "$$" });
    expect((await owner.patch(`/api/businesses/${MISSING_ID}`, { name: "Y" })).statusCode).toBe(404);
  });

  it("publishing needs at least one coupon (409), then works", async () => {
    const { owner, business } = await buildBusiness(harness.app);
    const refused = await owner.patch(`/api/businesses/${business.id}`, { isPublished: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(BUSINESS_MESSAGES.publishNeedsCoupon);
    await owner.post("/api/coupons", { businessId: business.id, title: "10% off", discountValue: 10 });
    const published = await owner.patch(`/api/businesses/${business.id}`, { isPublished: true });
    expect(published.statusCode).toBe(200);
    expect(published.json().isPublished).toBe(true);
  });
});

describe("GET /api/businesses and /api/businesses/{id}", () => {
  it("lists only published businesses, nearest first with distances when a position is given, paginated", async () => {
    const { client: viewer } = await buildUser(harness.app);
    expect((await anonymous().get("/api/businesses")).statusCode).toBe(401);
    const halfPosition = await viewer.get("/api/businesses?latitude=48.85");
    expect(halfPosition.statusCode).toBe(400);
    expect(halfPosition.json().message).toBe("Give both latitude and longitude");

    // Far corner of the world, so these three are the nearest to it whatever other tests created.
    const origin = { latitude: -45, longitude: 170 };
    const near = await buildBusiness(harness.app, {
      publish: true,
      overrides: { name: "Near", latitude: -45.001, longitude: 170 },
    });
    const far = await buildBusiness(harness.app, {
      publish: true,
      overrides: { name: "Far", latitude: -45.05, longitude: 170 },
    });
    const draft = await buildBusiness(harness.app, { overrides: { name: "Draft", latitude: -45, longitude: 170 } });

    const all = (await viewer.get("/api/businesses?limit=100")).json() as { id: string }[];
    expect(all.map((item) => item.id)).toEqual(expect.arrayContaining([near.business.id, far.business.id]));
    expect(all.map((item) => item.id)).not.toContain(draft.business.id);

    const first = await viewer.get(`/api/businesses?latitude=${origin.latitude}&longitude=${origin.longitude}&limit=1`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toHaveLength(1);
    expect(first.json()[0]).toMatchObject({ id: near.business.id, distanceMeters: 111 });
    const cursor = first.headers["x-next-cursor"];
    expect(cursor).toBeTruthy();
    const second = await viewer.get(
      `/api/businesses?latitude=${origin.latitude}&longitude=${origin.longitude}&limit=1&cursor=${cursor}`,
    );
    expect(second.json()[0].id).toBe(far.business.id);
    expect(second.json()[0].distanceMeters).toBeGreaterThan(5000);
    expect((await viewer.get("/api/businesses?cursor=garbage")).statusCode).toBe(400);
    // Well-formed but for an id that is no uuid: refused as a bad cursor, not as a failed uuid cast in the database.
    const notAnId = "-".repeat(36);
    const tampered = (text: string) => Buffer.from(text).toString("base64url");
    for (const path of [
      `/api/businesses?cursor=${tampered(`2026-01-01T00:00:00.000Z|${notAnId}`)}`,
      `/api/businesses?latitude=${origin.latitude}&longitude=${origin.longitude}&cursor=${tampered(`d|5|${notAnId}`)}`,
    ]) {
      const refused = await viewer.get(path);
      expect(refused.statusCode, path).toBe(400);
      expect(refused.json().message).toBe("Invalid cursor");
    }
  });

  it("hides a draft from everyone but its owner", async () => {
    const { owner, ownerId, business } = await buildBusiness(harness.app);
    const { client: stranger } = await buildUser(harness.app);
    expect((await anonymous().get("/api/businesses/not-a-uuid")).statusCode).toBe(400);
    const hidden = await stranger.get(`/api/businesses/${business.id}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe(BUSINESS_MESSAGES.businessNotFound);
    expect((await owner.get(`/api/businesses/${business.id}`)).statusCode).toBe(200);
    expect((await stranger.get(`/api/users/${ownerId}/business`)).statusCode).toBe(404);
    const mine = await owner.get(`/api/users/${ownerId}/business`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().id).toBe(business.id);
  });
});

describe("nearest first, across the world", () => {
  /** The point `meters` north and `east` metres east of `origin` (small offsets, flat-earth approximation). */
  const offset = (origin: Position, north: number, east: number): Position => ({
    latitude: origin.latitude + north / 111_195,
    longitude: origin.longitude + east / (111_195 * Math.cos((origin.latitude * Math.PI) / 180)),
  });

  it("pages through businesses from next door to a continent away in exact distance order", async () => {
    // Southern Ocean: nothing other tests create is within 2,000 km of it.
    const origin = { latitude: -62, longitude: -140 };
    const places = [
      offset(origin, 300, 0),
      offset(origin, -900, 900),
      offset(origin, 0, -2_500),
      offset(origin, 3_900, 0),
      offset(origin, 12_000, -9_000),
      offset(origin, -15_000, 0),
      offset(origin, 0, 70_000),
      offset(origin, -200_000, 100_000),
      offset(origin, 900_000, 0),
      offset(origin, 0, -1_500_000),
    ];
    const created = [];
    for (const [index, place] of places.entries()) {
      const { business } = await buildBusiness(harness.app, {
        publish: true,
        overrides: { name: `Far ${index}`, ...place },
      });
      created.push({ id: business.id, distance: distanceInMeters(origin, place) });
    }
    const expected = created.sort((a, b) => a.distance - b.distance).map((entry) => entry.id);

    const { client: viewer } = await buildUser(harness.app);
    for (const limit of [1, 3]) {
      const seen: { id: string; distanceMeters: number }[] = [];
      let cursor: string | undefined;
      do {
        const query = `latitude=${origin.latitude}&longitude=${origin.longitude}&limit=${limit}`;
        const page = await viewer.get(`/api/businesses?${query}${cursor ? `&cursor=${cursor}` : ""}`);
        expect(page.statusCode).toBe(200);
        seen.push(...page.json<{ id: string; distanceMeters: number }[]>());
        cursor = page.headers["x-next-cursor"] as string | undefined;
      } while (cursor && seen.length < expected.length);
      expect(seen.slice(0, expected.length).map((item) => item.id)).toEqual(expected);
      const distances = seen.map((item) => item.distanceMeters);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
    }
  });

  it("reads the businesses of a small circle around the viewer, not every business (row counts)", async () => {
    // 2,000 published businesses spread over 60 × 60 km around a point; a page of 21 lies within about 3 km.
    const centre = { latitude: -70, longitude: 60 };
    await insertPublishedBusinesses(harness.context.db, {
      prefix: "dense",
      count: 2000,
      category: "cafe",
      around: centre,
      spanKm: 60,
    });

    const { rowsRead: read } = await readsOf(harness.context.db, "businesses", async (tx) => {
      expect(await listBusinessesByDistance(tx, { area: null }, centre, 20, null)).toHaveLength(21);
    });
    // Every business of the 1 km and 4 km boxes (about 50 here), not the 2,000 a sort of every business reads.
    console.log(`nearest page of 21 among 2,000 businesses: ${read} rows read`);
    expect(read).toBeGreaterThan(20);
    expect(read).toBeLessThan(200);
  });
});

describe("GET /api/businesses/{id}/visit-code", () => {
  it("401, 400, 403 for others, then a 6-digit code with the seconds it has left", async () => {
    const { owner, business } = await buildBusiness(harness.app, { publish: true });
    expect((await anonymous().get(`/api/businesses/${business.id}/visit-code`)).statusCode).toBe(401);
    expect((await owner.get("/api/businesses/nope/visit-code")).statusCode).toBe(400);
    const { client: stranger } = await buildUser(harness.app);
    const refused = await stranger.get(`/api/businesses/${business.id}/visit-code`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(BUSINESS_MESSAGES.notOwner);
    const response = await owner.get(`/api/businesses/${business.id}/visit-code`);
    expect(response.statusCode).toBe(200);
    expect(response.json().code).toMatch(/^\d{6}$/);
    expect(response.json().secondsRemaining).toBeGreaterThan(0);
    expect(response.json().secondsRemaining).toBeLessThanOrEqual(600);
    expect(response.json().windowSeconds).toBe(600);
  });
});

describe("POST /api/businesses/{id}/checkins", () => {
  it("401, then 400 for a malformed body with the rule's message", async () => {
    const { business } = await buildBusiness(harness.app, { publish: true });
    const url = `/api/businesses/${business.id}/checkins`;
    expect((await anonymous().post(url, { ...BUSINESS_POSITION, visitCode: "123456" })).statusCode).toBe(401);
    const { client: customer } = await buildUser(harness.app);
    const noCode = await customer.post(url, BUSINESS_POSITION);
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().message).toBe("Enter the 6-digit visit code");
    const shortCode = await customer.post(url, { ...BUSINESS_POSITION, visitCode: "123" });
    expect(shortCode.json().message).toBe("Enter the 6-digit visit code");
    const badRating = await customer.post(url, { ...BUSINESS_POSITION, visitCode: "123456", rating: 6 });
    expect(badRating.json().message).toBe("Rating must be 1 to 5");
    const reviewWithoutRating = await customer.post(url, { ...BUSINESS_POSITION, visitCode: "123456", review: "Nice" });
    expect(reviewWithoutRating.json().message).toBe(BUSINESS_MESSAGES.reviewNeedsRating);
    expect((await customer.post(url, { visitCode: "123456" })).json().message).toBe("Your position is required");
  });

  it("refuses a position more than 200 m away, naming the location step", async () => {
    const { owner, business } = await buildBusiness(harness.app, { publish: true });
    const { client: customer } = await buildUser(harness.app);
    const visitCode = await readVisitCode(owner, business.id);
    // 0.002 degrees of latitude ≈ 222 m.
    const response = await customer.post(`/api/businesses/${business.id}/checkins`, {
      latitude: BUSINESS_POSITION.latitude + 0.002,
      longitude: BUSINESS_POSITION.longitude,
      visitCode,
      rating: 5,
      review: "Fake review from afar",
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      message: BUSINESS_MESSAGES.locationStepFailed,
      code: "LOCATION_STEP_FAILED",
    });
    const after = (await customer.get(`/api/businesses/${business.id}`)).json();
    expect(after).toMatchObject({ totalCheckIns: 0, totalReviews: 0, averageRating: 0 });
  });

  it("refuses a wrong code and an expired code, naming the code step", async () => {
    const { owner, business } = await buildBusiness(harness.app, { publish: true });
    const { client: customer } = await buildUser(harness.app);
    const url = `/api/businesses/${business.id}/checkins`;
    const visitCode = await readVisitCode(owner, business.id);
    const wrongCode = visitCode === "000000" ? "111111" : "000000";
    const wrong = await customer.post(url, { ...BUSINESS_POSITION, visitCode: wrongCode });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ message: BUSINESS_MESSAGES.codeStepFailed, code: "CODE_STEP_FAILED" });

    // Two windows later the code is long gone.
    harness.clock.advance(2 * HOUR_MS);
    const expired = await customer.post(url, { ...BUSINESS_POSITION, visitCode });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toBe(BUSINESS_MESSAGES.codeStepFailed);
  });

  it("accepts the previous code only within 2 minutes after it changed; the current one throughout", async () => {
    const { owner, business } = await buildBusiness(harness.app, { publish: true });
    const url = `/api/businesses/${business.id}/checkins`;
    const checkIn = async (visitCode: string) => {
      const { client } = await buildUser(harness.app);
      return (await client.post(url, { ...BUSINESS_POSITION, visitCode })).statusCode;
    };
    // One second before the code changes, read it (a customer at the counter).
    const intoWindow = harness.clock.now().getTime() % VISIT_CODE_WINDOW_MS;
    harness.clock.advance(VISIT_CODE_WINDOW_MS - intoWindow - 1000);
    const previous = await readVisitCode(owner, business.id);
    harness.clock.advance(1000);
    const current = await readVisitCode(owner, business.id);
    expect(current).not.toBe(previous);
    expect(await checkIn(previous)).toBe(201);
    harness.clock.advance(VISIT_CODE_PREVIOUS_GRACE_MS - 1);
    expect(await checkIn(previous)).toBe(201);
    harness.clock.advance(1);
    expect(await checkIn(previous)).toBe(403);
    expect(await checkIn(current)).toBe(201);
    harness.clock.advance(VISIT_CODE_WINDOW_MS - VISIT_CODE_PREVIOUS_GRACE_MS - 1);
    expect(await checkIn(current)).toBe(201);
  });

  it("records a verified check-in with a review, keeps the counters, and allows one per hour", async () => {
    const { owner, business } = await buildBusiness(harness.app, { publish: true });
    const { client: first } = await buildUser(harness.app);
    const { client: second } = await buildUser(harness.app);
    const url = `/api/businesses/${business.id}/checkins`;

    const checkin = await checkInAt(first, owner, business.id, { rating: 5, review: "Lovely croissants" });
    expect(checkin).toMatchObject({ rating: 5, review: "Lovely croissants", verifiedVisit: true });
    expect(checkin).not.toHaveProperty("latitude");
    await checkInAt(second, owner, business.id, { rating: 2 });

    const visitCode = await readVisitCode(owner, business.id);
    const tooSoon = await first.post(url, { ...BUSINESS_POSITION, visitCode });
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.json().message).toBe(BUSINESS_MESSAGES.tooSoon);

    harness.clock.advance(HOUR_MS + 1000);
    await checkInAt(first, owner, business.id);
    const after = (await first.get(`/api/businesses/${business.id}`)).json();
    expect(after).toMatchObject({ totalCheckIns: 3, totalReviews: 2, averageRating: 3.5 });

    const ownVisit = await owner.post(url, {
      ...BUSINESS_POSITION,
      visitCode: await readVisitCode(owner, business.id),
    });
    expect(ownVisit.statusCode).toBe(403);
    expect(ownVisit.json().message).toBe(BUSINESS_MESSAGES.ownBusinessCheckIn);
  });

  it("stops guessing: the 11th attempt within 10 minutes is 429, even with the right code", async () => {
    const { owner, business } = await buildBusiness(harness.app, { publish: true });
    const { client: guesser } = await buildUser(harness.app);
    const url = `/api/businesses/${business.id}/checkins`;
    const visitCode = await readVisitCode(owner, business.id);
    const wrongCode = visitCode === "000000" ? "111111" : "000000";
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await guesser.post(url, { ...BUSINESS_POSITION, visitCode: wrongCode })).statusCode).toBe(403);
    }
    const blocked = await guesser.post(url, { ...BUSINESS_POSITION, visitCode });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(BUSINESS_MESSAGES.tooManyCheckInAttempts);
    expect(blocked.headers["retry-after"]).toBeTruthy();
  });

  it("404 for a draft or unknown business", async () => {
    const { owner, business } = await buildBusiness(harness.app);
    const { client: customer } = await buildUser(harness.app);
    const visitCode = await readVisitCode(owner, business.id);
    const draft = await customer.post(`/api/businesses/${business.id}/checkins`, { ...BUSINESS_POSITION, visitCode });
    expect(draft.statusCode).toBe(404);
    const missing = await customer.post(`/api/businesses/${MISSING_ID}/checkins`, { ...BUSINESS_POSITION, visitCode });
    expect(missing.statusCode).toBe(404);
  });
});

describe("GET /api/businesses/{id}/checkins and /analytics", () => {
  it("the owner sees every check-in with the visitor; others see the reviews only", async () => {
    const { owner, business } = await buildBusiness(harness.app, { publish: true });
    const { client: reviewer, user } = await buildUser(harness.app);
    const { client: visitor } = await buildUser(harness.app);
    await checkInAt(reviewer, owner, business.id, { rating: 4, review: "Good" });
    harness.clock.advance(1000);
    await checkInAt(visitor, owner, business.id);
    const url = `/api/businesses/${business.id}/checkins`;
    expect((await anonymous().get(url)).statusCode).toBe(401);
    expect((await owner.get(`${url}?limit=0`)).statusCode).toBe(400);

    const all = await owner.get(url);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toHaveLength(2);
    expect(all.json()[1]).toMatchObject({ rating: 4, verifiedVisit: true, user: { id: user.id } });
    const page = await owner.get(`${url}?limit=1`);
    expect(page.json()).toHaveLength(1);
    expect(page.headers["x-next-cursor"]).toBeTruthy();

    const publicView = await visitor.get(url);
    expect(publicView.json()).toHaveLength(1);
    expect(publicView.json()[0].review).toBe("Good");
  });

  it("analytics: 401, 400, 403 for others, then 30 days of counts", async () => {
    const { owner, business } = await buildBusiness(harness.app, { publish: true });
    const { client: customer } = await buildUser(harness.app);
    await checkInAt(customer, owner, business.id, { rating: 5 });
    const url = `/api/businesses/${business.id}/analytics`;
    expect((await anonymous().get(url)).statusCode).toBe(401);
    expect((await owner.get("/api/businesses/x/analytics")).statusCode).toBe(400);
    expect((await customer.get(url)).statusCode).toBe(403);
    const response = await owner.get(url);
    expect(response.statusCode).toBe(200);
    const days = response.json().days as { date: string; checkIns: number; reviews: number }[];
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toMatchObject({
      date: harness.clock.now().toISOString().slice(0, 10),
      checkIns: 1,
      reviews: 1,
    });
  });
});

describe("GET /api/friend-activity", () => {
  it("shows followed people's check-ins newest first, respecting their settings and blocks", async () => {
    const { owner, business } = await buildBusiness(harness.app, { publish: true });
    const { client: viewer, user: viewerUser } = await buildUser(harness.app);
    const friends = await Promise.all([1, 2, 3, 4].map(() => buildUser(harness.app)));
    const { client: stranger } = await buildUser(harness.app);
    const db = harness.context.db;
    for (const friend of friends) {
      await db.execute(
        sql`insert into follows (follower_id, following_id) values (${viewerUser.id}, ${friend.user.id})`,
      );
      harness.clock.advance(1000);
      await checkInAt(friend.client, owner, business.id, { rating: 4, review: "Nice" });
    }
    await checkInAt(stranger, owner, business.id);
    const [quiet, custom, blocked] = [friends[1], friends[2], friends[3]];
    if (!quiet || !custom || !blocked) throw new Error("friends missing");
    await db
      .update(users)
      .set({ preferences: sql`${users.preferences} || '{"showRecentActivity": false}'::jsonb` })
      .where(eq(users.id, quiet.user.id));
    await db.update(users).set({ accountVisibility: "custom" }).where(eq(users.id, custom.user.id));
    await db.execute(sql`insert into blocks (blocker_id, blocked_id) values (${blocked.user.id}, ${viewerUser.id})`);

    expect((await anonymous().get("/api/friend-activity")).statusCode).toBe(401);
    expect((await viewer.get("/api/friend-activity?limit=500")).statusCode).toBe(400);
    const response = await viewer.get("/api/friend-activity");
    expect(response.statusCode).toBe(200);
    const items = response.json() as { userId: string; businessName: string; rating: number }[];
    expect(items.map((item) => item.userId)).toEqual([friends[0]?.user.id]);
    expect(items[0]).toMatchObject({ businessName: business.name, rating: 4 });

    await db
      .update(users)
      .set({ customVisibleUsers: sql`array[${viewerUser.id}]::uuid[]` })
      .where(eq(users.id, custom.user.id));
    const withCustom = (await viewer.get("/api/friend-activity")).json() as { userId: string }[];
    expect(withCustom.map((item) => item.userId)).toEqual([custom.user.id, friends[0]?.user.id]);
  });
});

describe("GET /api/search", () => {
  it("401, 400 without text, then people and published businesses by name, username and category", async () => {
    const { client: viewer } = await buildUser(harness.app, { firstName: "Searcher" });
    const { user: person } = await buildUser(harness.app, { firstName: "Zephyrine", lastName: "Quill" });
    const spa = await buildBusiness(harness.app, {
      publish: true,
      overrides: { name: "Serenity Zephyr Spa", category: "beauty" },
    });
    const draft = await buildBusiness(harness.app, { overrides: { name: "Zephyr Draft" } });

    expect((await anonymous().get("/api/search?q=zephyr")).statusCode).toBe(401);
    const empty = await viewer.get("/api/search?q=%20");
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("Type something to search");

    const byName = (await viewer.get("/api/search?q=zephyr")).json();
    expect(byName.people.map((item: { id: string }) => item.id)).toContain(person.id);
    expect(byName.people[0]).not.toHaveProperty("email");
    const businessIds = byName.businesses.map((item: { id: string }) => item.id);
    expect(businessIds).toContain(spa.business.id);
    expect(businessIds).not.toContain(draft.business.id);

    const byFullName = (await viewer.get("/api/search?q=zephyrine%20quill")).json();
    expect(byFullName.people.map((item: { id: string }) => item.id)).toContain(person.id);
    const byUsername = (await viewer.get(`/api/search?q=${person.username.toUpperCase()}`)).json();
    expect(byUsername.people[0].id).toBe(person.id);
    const byCategory = (await viewer.get("/api/search?q=wellness&limit=20")).json();
    expect(byCategory.businesses.map((item: { id: string }) => item.id)).toContain(spa.business.id);
    const wildcard = (await viewer.get("/api/search?q=%25")).json();
    expect(wildcard.people).toEqual([]);
  });

  it("finds businesses by name or category through their indexes, never a scan of every business", async () => {
    const { business: named } = await buildBusiness(harness.app, {
      publish: true,
      overrides: { name: "Quixotic Kiln", category: "retail" },
    });
    const { business: categorised } = await buildBusiness(harness.app, {
      publish: true,
      overrides: { name: "Plain Name", category: "entertainment" },
    });
    // 20,000 others that match neither: enough that reading them all costs the planner more than the indexes.
    await insertPublishedBusinesses(harness.context.db, { prefix: "filler", count: 20_000, category: "services" });
    let found: { id: string }[] = [];
    const reads = await readsOf(harness.context.db, "businesses", async (tx) => {
      found = (await searchBusinesses(tx, "quixotic", ["entertainment"], 100)).map((row) => row.business);
    });
    expect(found.map((business) => business.id)).toEqual(expect.arrayContaining([named.id, categorised.id]));
    expect(reads.seqScans).toBe(0);
    // The matches (two here, and any other test's entertainment venues), not the 20,000.
    expect(reads.rowsRead).toBeLessThan(50);
  });
});
