import { BUSINESS_MESSAGES } from "@plaza/contracts/businesses";
import { VISIT_CODE_PREVIOUS_GRACE_MS, VISIT_CODE_WINDOW_MS } from "@plaza/contracts/checkins";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUSINESS_POSITION, buildBusiness, checkInAt, readVisitCode } from "../../../test/factories/businesses";
import { buildUser } from "../../../test/factories/users";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";
import { users } from "../../db/schema/users";

let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());

const anonymous = () => new TestClient(harness.app);
const MISSING_ID = "00000000-0000-4000-8000-000000000000";
const HOUR_MS = 60 * 60 * 1000;

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

describe("a check-in keeps no position of the visitor (issue 52)", () => {
  it("stores the distance verification needed, not where the visitor stood; nothing exposes it", async () => {
    const { owner, business } = await buildBusiness(harness.app, { publish: true });
    const visitor = await buildUser(harness.app);
    // About 111 m north of the business: close enough, and a position nobody else should learn.
    const position = { latitude: BUSINESS_POSITION.latitude + 0.001, longitude: BUSINESS_POSITION.longitude };
    const answered = await visitor.client.post(`/api/businesses/${business.id}/checkins`, {
      ...position,
      visitCode: await readVisitCode(owner, business.id),
    });
    expect(answered.statusCode).toBe(201);

    const columns = (await harness.context.db.execute(sql`select column_name from information_schema.columns
      where table_name = 'checkins' and table_schema = current_schema()`)) as unknown as {
      rows: { column_name: string }[];
    };
    const names = columns.rows.map((row) => row.column_name);
    expect(names).toContain("distance_meters");
    expect(names.filter((name) => /lat|lon|lng|position|point|geo/i.test(name))).toEqual([]);
    const stored = (await harness.context.db.execute(
      sql`select * from checkins where user_id = ${visitor.user.id}`,
    )) as unknown as { rows: Record<string, unknown>[] };
    expect(stored.rows).toHaveLength(1);
    const [row] = stored.rows;
    expect(Number(row?.distance_meters)).toBeGreaterThan(100);
    expect(Number(row?.distance_meters)).toBeLessThan(125);
    // The business is at 48.8584: three decimals of the visitor's latitude (48.859) tell the two apart.
    const digits = (value: number) => value.toFixed(3);
    for (const text of [
      JSON.stringify(row),
      answered.body,
      (await owner.get(`/api/businesses/${business.id}/checkins`)).body,
      (await visitor.client.get("/api/users/export")).body,
    ]) {
      expect(text).not.toContain(digits(position.latitude));
    }
  });
});
