import { type BusinessSort, type BusinessView, DISCOVER_MESSAGES } from "@plaza/contracts/businesses";
import { DEFAULT_MAP_TILE_ATTRIBUTION, DEFAULT_MAP_TILE_URL } from "@plaza/contracts/map";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBusiness } from "../../../test/factories/businesses";
import { buildUser } from "../../../test/factories/users";
import { readsOf } from "../../../test/table-reads";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";
import { businesses } from "../../db/schema/businesses";
import { users } from "../../db/schema/users";
import { distanceInMeters, METERS_PER_MILE, type Position } from "../../lib/geo";
import { listBusinessesByRating } from "./discover.repository";

let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());

/** The point `north` and `east` metres from `origin` (small offsets). */
const offset = (origin: Position, north: number, east: number): Position => ({
  latitude: origin.latitude + north / 111_195,
  longitude: origin.longitude + east / (111_195 * Math.cos((origin.latitude * Math.PI) / 180)),
});

/** Every page of `path` (which already has a query string), following X-Next-Cursor. */
async function allPages(client: TestClient, path: string): Promise<BusinessView[]> {
  const seen: BusinessView[] = [];
  let cursor: string | undefined;
  for (let guard = 0; guard < 50; guard += 1) {
    const page = await client.get(`${path}${cursor ? `&cursor=${cursor}` : ""}`);
    expect(page.statusCode, page.body).toBe(200);
    seen.push(...page.json<BusinessView[]>());
    cursor = page.headers["x-next-cursor"] as string | undefined;
    if (!cursor) return seen;
  }
  throw new Error("too many pages");
}

const ids = (list: { id: string }[]) => list.map((item) => item.id);

describe("GET /api/businesses: filters, orders and paging", () => {
  // Weddell Sea: nothing else in this file stands within 500 miles.
  const origin = { latitude: -72, longitude: -45 };
  const area = `latitude=${origin.latitude}&longitude=${origin.longitude}&radius=20`;
  const created: { id: string; distance: number; rating: number; createdAt: string; category: string }[] = [];

  beforeAll(async () => {
    const places: [number, number, "cafe" | "fitness", number][] = [
      [200, 0, "cafe", 4.5],
      [0, 1_200, "fitness", 3],
      [-2_500, 0, "cafe", 4.5],
      [0, -5_000, "cafe", 0],
      [9_000, 9_000, "fitness", 0],
      [-15_000, 4_000, "cafe", 3],
      [20_000, 0, "cafe", 5],
    ];
    for (const [index, [north, east, category, rating]] of places.entries()) {
      const place = offset(origin, north, east);
      const { business } = await buildBusiness(harness.app, {
        publish: true,
        overrides: { name: `Area ${index}`, category, ...place },
      });
      await harness.context.db.update(businesses).set({ averageRating: rating }).where(eq(businesses.id, business.id));
      harness.clock.advance(index % 3 === 0 ? 0 : 1000);
      created.push({
        id: business.id,
        distance: distanceInMeters(origin, place),
        rating,
        createdAt: business.createdAt,
        category,
      });
    }
    // Just outside the 20-mile area: found without the area, never inside it.
    await buildBusiness(harness.app, {
      publish: true,
      overrides: { name: "Outside", category: "cafe", ...offset(origin, 20 * METERS_PER_MILE + 2_000, 0) },
    });
  });

  it("keeps one category inside the map's area (search this area), with distances", async () => {
    const { client } = await buildUser(harness.app);
    const cafes = await allPages(client, `/api/businesses?${area}&category=cafe&limit=2`);
    const expected = created.filter((entry) => entry.category === "cafe").sort((a, b) => a.distance - b.distance);
    expect(ids(cafes)).toEqual(ids(expected));
    expect(cafes.every((business) => business.category === "cafe")).toBe(true);
    expect(cafes.every((business) => (business.distanceMeters ?? Infinity) <= 20 * METERS_PER_MILE)).toBe(true);
    const fitness = await allPages(client, `/api/businesses?${area}&category=fitness&sort=rating`);
    expect(ids(fitness)).toEqual(
      ids(created.filter((entry) => entry.category === "fitness").sort((a, b) => b.rating - a.rating)),
    );
    // Without the radius the nearest-first list reaches past the area.
    const wide = await client.get(`/api/businesses?latitude=${origin.latitude}&longitude=${origin.longitude}&limit=8`);
    expect(wide.json<BusinessView[]>().map((business) => business.name)).toContain("Outside");
  });

  const orders: Record<
    Exclude<BusinessSort, "friends">,
    (a: (typeof created)[number], b: (typeof created)[number]) => number
  > = {
    distance: (a, b) => a.distance - b.distance,
    // Best rated first; equal ratings by id, descending (the keyset's tie-break).
    rating: (a, b) => b.rating - a.rating || (a.id < b.id ? 1 : -1),
    newest: (a, b) => b.createdAt.localeCompare(a.createdAt) || (a.id < b.id ? 1 : -1),
  };

  for (const [sort, order] of Object.entries(orders)) {
    it(`pages sort=${sort} in order, without duplicates or gaps, at every page size`, async () => {
      const { client } = await buildUser(harness.app);
      const expected = ids([...created].sort(order));
      for (const limit of [1, 2, 3, 7]) {
        const seen = await allPages(client, `/api/businesses?${area}&sort=${sort}&limit=${limit}`);
        expect(ids(seen), `limit ${limit}`).toEqual(expected);
      }
    });
  }

  it("refuses bad queries with a 400 and the rule's message, never a 500", async () => {
    const { client } = await buildUser(harness.app);
    const cases: [string, string][] = [
      ["sort=distance", DISCOVER_MESSAGES.distanceNeedsPosition],
      ["sort=popular", DISCOVER_MESSAGES.invalidSort],
      ["radius=5", DISCOVER_MESSAGES.radiusNeedsPosition],
      [`latitude=${origin.latitude}`, DISCOVER_MESSAGES.positionPair],
      ["category=bank", "Please choose a category"],
      [`${area.replace("radius=20", "radius=900")}`, "Radius must be at most 500 miles"],
    ];
    for (const [query, message] of cases) {
      const response = await client.get(`/api/businesses?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toBe(message);
    }
    // A cursor of one order is refused by another (it would skip or repeat rows).
    const first = await client.get(`/api/businesses?${area}&sort=rating&limit=1`);
    const ratingCursor = first.headers["x-next-cursor"] as string;
    expect(ratingCursor).toBeTruthy();
    for (const sort of ["distance", "friends", "newest"]) {
      const response = await client.get(`/api/businesses?${area}&sort=${sort}&cursor=${ratingCursor}`);
      expect(response.statusCode, sort).toBe(400);
      expect(response.json().message).toBe("Invalid cursor");
    }
    expect(
      (await client.get(`/api/businesses?sort=rating&cursor=${Buffer.from("rating|NaN|x").toString("base64url")}`))
        .statusCode,
    ).toBe(400);
  });
});

describe("the owner's Verified badge on business lists", () => {
  it("carries verified on every Discover order and on search results, read in the list's one query", async () => {
    // South Pacific: nothing else in this file stands near.
    const spot = { latitude: -50, longitude: -130 };
    const verified = await buildBusiness(harness.app, {
      publish: true,
      overrides: { name: "Badgeworthy Bakery", ...spot },
    });
    const plain = await buildBusiness(harness.app, {
      publish: true,
      overrides: { name: "Badgeless Bakery", ...offset(spot, 300, 0) },
    });
    await harness.context.db.update(users).set({ isVerified: true }).where(eq(users.id, verified.ownerId));
    const { client } = await buildUser(harness.app);
    const badgeOf = (list: BusinessView[]) =>
      Object.fromEntries(
        list
          .filter((row) => [verified.business.id, plain.business.id].includes(row.id))
          .map((row) => [row.name, row.verified]),
      );
    const expected = { "Badgeworthy Bakery": true, "Badgeless Bakery": false };
    const near = `latitude=${spot.latitude}&longitude=${spot.longitude}&radius=5`;
    for (const sort of ["distance", "rating", "newest"] as const) {
      const page = await allPages(client, `/api/businesses?${near}&sort=${sort}`);
      expect(badgeOf(page), sort).toEqual(expected);
    }
    const search = await client.get("/api/search?q=Bakery&type=businesses");
    expect(search.statusCode, search.body).toBe(200);
    const found = search.json<{ businesses: { name: string; verified: boolean }[] }>().businesses;
    expect(Object.fromEntries(found.map((row) => [row.name, row.verified]))).toMatchObject(expected);
  });
});

describe("the rating order's index", () => {
  it("reads one page of published businesses by rating among 20,000+, through businesses_rating_idx", async () => {
    const db = harness.context.db;
    const prefix = `rt${Date.now().toString(36)}_`;
    // About 20,000 published businesses and 2,000 unpublished ones (one owner each), long ago so the newest order
    // of the other tests stays theirs.
    await db.execute(sql`
      with owners as (
        insert into users (email, password_hash, username, preferences, profile_type)
        select ${prefix} || n || '@example.test', 'x', ${prefix} || n, '{}'::jsonb, 'business'
        from generate_series(1, 22000) as n returning id, username
      )
      insert into businesses (owner_id, name, category, visit_secret, is_published, average_rating, created_at)
      select id, 'Rated ' || username, 'cafe', 'secret', right(username, 1) <> '7',
        round((random() * 4 + 1)::numeric, 2), '2001-01-01'::timestamptz
      from owners`);
    await db.execute(sql`analyze businesses`);
    const { client } = await buildUser(harness.app);
    const first = await client.get("/api/businesses?sort=rating&limit=20");
    expect(first.statusCode, first.body).toBe(200);
    const cursor = first.headers["x-next-cursor"] as string;
    expect(cursor).toBeTruthy();
    const filters = { area: null };
    const { rowsRead, seqScans } = await readsOf(db, "businesses", async (tx) => {
      const page = await listBusinessesByRating(tx, filters, null, { limit: 20, cursor: null });
      expect(page.items).toHaveLength(20);
      expect(page.nextCursor).not.toBeNull();
      const ratings = page.items.map((row) => row.sortValue);
      expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    });
    console.log(`rating order among 22,000 businesses: ${rowsRead} business rows read`);
    expect(seqScans).toBe(0);
    // One page and the extra row (plus unpublished ones the partial index never holds): not 20,000.
    expect(rowsRead).toBeLessThanOrEqual(30);
    const plan = (
      (await db.execute(
        sql`explain (costs off) select id from businesses where is_published = true
            order by average_rating desc, id desc limit 21`,
      )) as unknown as { rows: Record<string, string>[] }
    ).rows
      .map((row) => String(Object.values(row)[0]))
      .join("\n");
    expect(plan).toMatch(/businesses_rating_idx/);
    // The next page starts from the cursor inside the same index.
    const second = await client.get(`/api/businesses?sort=rating&limit=20&cursor=${cursor}`);
    expect(second.statusCode, second.body).toBe(200);
    const firstIds = new Set(first.json<BusinessView[]>().map((row) => row.id));
    expect(second.json<BusinessView[]>().some((row) => firstIds.has(row.id))).toBe(false);
    expect(second.json<BusinessView[]>()[0]?.averageRating).toBeLessThanOrEqual(
      first.json<BusinessView[]>().at(-1)?.averageRating ?? 0,
    );
  });
});

describe("GET /api/config and the tile host in the CSP", () => {
  it("serves the tile source to everyone and allows its host for images", async () => {
    const response = await new TestClient(harness.app).get("/api/config");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      map: { tileUrl: DEFAULT_MAP_TILE_URL, attribution: DEFAULT_MAP_TILE_ATTRIBUTION },
      payments: { provider: "test", stripePublishableKey: null },
    });
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toMatch(/img-src [^;]*https:\/\/tile\.openstreetmap\.org/);
  });

  it("takes MAP_TILE_URL and MAP_TILE_ATTRIBUTION from the environment ({s} subdomains as a wildcard)", async () => {
    const custom = await buildTestApp({
      MAP_TILE_URL: "https://{s}.tiles.example.org/{z}/{x}/{y}.png",
      MAP_TILE_ATTRIBUTION: "© Example",
    });
    try {
      const response = await new TestClient(custom.app).get("/api/config");
      expect(response.json().map).toEqual({
        tileUrl: "https://{s}.tiles.example.org/{z}/{x}/{y}.png",
        attribution: "© Example",
      });
      expect(String(response.headers["content-security-policy"])).toContain("https://*.tiles.example.org");
    } finally {
      await custom.close();
    }
  });
});
