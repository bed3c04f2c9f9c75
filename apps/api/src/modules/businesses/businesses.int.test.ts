import { BUSINESS_MESSAGES } from "@plaza/contracts/businesses";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUSINESS_POSITION, buildBusiness, insertPublishedBusinesses } from "../../../test/factories/businesses";
import { buildUser } from "../../../test/factories/users";
import { readsOf } from "../../../test/table-reads";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";
import { businesses } from "../../db/schema/businesses";
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
      const page = await listBusinessesByDistance(tx, { area: null }, centre, { limit: 20, cursor: null });
      expect(page.items).toHaveLength(20);
      expect(page.nextCursor).not.toBeNull();
    });
    // Every business of the 1 km and 4 km boxes (about 50 here), not the 2,000 a sort of every business reads.
    console.log(`nearest page of 21 among 2,000 businesses: ${read} rows read`);
    expect(read).toBeGreaterThan(20);
    expect(read).toBeLessThan(200);
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
