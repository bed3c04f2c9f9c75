import { NEXT_CURSOR_HEADER } from "@plaza/contracts/constants";
import type { PostView } from "@plaza/contracts/posts";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertBlock } from "../../../test/factories/blocks";
import { insertFollow } from "../../../test/factories/follows";
import { buildPost } from "../../../test/factories/posts";
import { buildUser, setVisibility } from "../../../test/factories/users";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";
import { posts } from "../../db/schema/posts";
import { users } from "../../db/schema/users";
import { selectNearbyPosts } from "./posts.search.repository";

let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());

const anonymous = () => new TestClient(harness.app);
const ids = (response: { json<T>(): T }) => response.json<PostView[]>().map((post) => post.id);
/** Each test works in its own town (posts of one test never fall in another's radius). */
let town = 0;
function nextTown() {
  town += 1;
  return { latitude: 10 + town * 2, longitude: 20 + town * 2 };
}
const at = (place: { latitude: number; longitude: number }, north = 0) => ({
  location: { city: "Testville", latitude: place.latitude + north, longitude: place.longitude },
});
const nearbyUrl = (place: { latitude: number; longitude: number }, radius = 5, extra = "") =>
  `/api/posts/nearby?latitude=${place.latitude}&longitude=${place.longitude}&radius=${radius}${extra}`;

describe("GET /api/posts/nearby", () => {
  it("answers 400 for a missing or out-of-range area and a bad cursor", async () => {
    const { client } = await buildUser(harness.app);
    const cases: [string, string][] = [
      ["", "Near you needs latitude, longitude and radius"],
      ["latitude=1&longitude=1", "Near you needs latitude, longitude and radius"],
      ["latitude=1&longitude=1&radius=0", "Radius must be at least 1 mile"],
      ["latitude=1&longitude=1&radius=51", "Radius must be at most 50 miles"],
      ["latitude=91&longitude=1&radius=5", "Invalid latitude"],
      ["latitude=1&longitude=1&radius=5&cursor=bm9wZQ", "Invalid cursor"],
    ];
    for (const [query, message] of cases) {
      const response = await client.get(`/api/posts/nearby?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toBe(message);
    }
    expect((await client.get("/api/posts/nearby?latitude=1&longitude=1&radius=1")).statusCode).toBe(200);
    expect((await client.get("/api/posts/nearby?latitude=1&longitude=1&radius=50")).statusCode).toBe(200);
  });

  it("shows only posts anyone may see: public, unblocked, live authors, within the radius", async () => {
    const place = nextTown();
    const { client: viewer, user: viewerUser } = await buildUser(harness.app);
    const { client: neighbour } = await buildUser(harness.app);
    const { client: hidden, user: hiddenUser } = await buildUser(harness.app);
    const { client: followedPrivate, user: followedPrivateUser } = await buildUser(harness.app);
    const { client: blocker, user: blockerUser } = await buildUser(harness.app);
    const { client: blockedByViewer, user: blockedUser } = await buildUser(harness.app);
    const { client: gone, user: goneUser } = await buildUser(harness.app);
    const { client: suspended, user: suspendedUser } = await buildUser(harness.app);
    const visible = await buildPost(neighbour, at(place));
    await buildPost(neighbour, at(place, 1)); // about 69 miles north
    await buildPost(neighbour); // no place at all
    await buildPost(hidden, at(place));
    await buildPost(followedPrivate, at(place));
    await buildPost(blocker, at(place));
    await buildPost(blockedByViewer, at(place));
    await buildPost(gone, at(place));
    await buildPost(suspended, at(place));
    await setVisibility(harness.context, hiddenUser.id, "private");
    // "Anyone may see": a private account stays out even for a follower (their followers have the Following tab).
    await setVisibility(harness.context, followedPrivateUser.id, "private");
    await insertFollow(harness.context, viewerUser.id, followedPrivateUser.id);
    await insertBlock(harness.context, blockerUser.id, viewerUser.id);
    await insertBlock(harness.context, viewerUser.id, blockedUser.id);
    await harness.context.db.update(users).set({ isDeleted: true }).where(eq(users.id, goneUser.id));
    await harness.context.db.update(users).set({ isSuspended: true }).where(eq(users.id, suspendedUser.id));

    const response = await viewer.get(nearbyUrl(place));
    expect(response.statusCode).toBe(200);
    expect(ids(response)).toEqual([visible.id]);
    // Signed out: the same public posts (blocks need a viewer, so the blocking authors show).
    const signedOut = ids(await anonymous().get(nearbyUrl(place)));
    expect(signedOut).toContain(visible.id);
    expect(signedOut).toHaveLength(3);
  });

  it("shows a subscriber-only post locked, as the feed does", async () => {
    const place = nextTown();
    const { client: creator } = await buildUser(harness.app, { profileType: "creator" });
    const { client: viewer } = await buildUser(harness.app);
    const locked = await buildPost(creator, { ...at(place), postType: "premium", content: "Members only: the recipe" });
    const [shown] = (await viewer.get(nearbyUrl(place))).json<PostView[]>();
    expect(shown).toMatchObject({ id: locked.id, isLocked: true, mediaUrls: [] });
  });

  it("keeps the radius: a post 3 miles away shows at 5 miles, not at 2", async () => {
    const place = nextTown();
    const { client: author } = await buildUser(harness.app);
    const { client: viewer } = await buildUser(harness.app);
    const threeMilesNorth = 3 / 69.05;
    const post = await buildPost(author, at(place, threeMilesNorth));
    expect(ids(await viewer.get(nearbyUrl(place, 5)))).toEqual([post.id]);
    expect(ids(await viewer.get(nearbyUrl(place, 2)))).toEqual([]);
  });

  it("lists newest first and pages by cursor without gaps or repeats", async () => {
    const place = nextTown();
    const { client: author } = await buildUser(harness.app);
    const { client: viewer } = await buildUser(harness.app);
    const made: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      made.push((await buildPost(author, at(place, index * 0.001))).id);
      harness.clock.advance(1000);
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 4; page += 1) {
      const response = await viewer.get(nearbyUrl(place, 5, `&limit=2${cursor ? `&cursor=${cursor}` : ""}`));
      expect(response.statusCode).toBe(200);
      seen.push(...ids(response));
      cursor = response.headers[NEXT_CURSOR_HEADER] as string | undefined;
      if (!cursor) break;
    }
    expect(seen).toEqual([...made].reverse());
  });
});

describe("nearby query cost", () => {
  it("reads posts through posts_lat_lng_idx, not the whole table, at 20,000 posts (EXPLAIN ANALYZE)", async () => {
    const { user: author } = await buildUser(harness.app);
    // 20,000 posts spread over the globe (about one per 1.3° × 2.5° cell), 30 of them in one town.
    await harness.context.db.execute(sql`
      insert into ${posts} (author_id, content, latitude, longitude, created_at)
      select ${author.id}::uuid, 'spread ' || n, -80 + (n % 123) * 1.3, -170 + (n / 123) * 2.1,
             now() - (n || ' seconds')::interval
      from generate_series(1, 20000) as n`);
    await harness.context.db.execute(sql`
      insert into ${posts} (author_id, content, latitude, longitude, created_at)
      select ${author.id}::uuid, 'local ' || n, 47.6 + (n % 5) * 0.001, -122.3, now() - (n || ' minutes')::interval
      from generate_series(1, 30) as n`);
    await harness.context.db.execute(sql`analyze`);
    const query = selectNearbyPosts(harness.context.db, {
      viewer: { id: author.id, isSuperuser: false },
      centre: { latitude: 47.6, longitude: -122.3 },
      radiusMiles: 10,
      cursor: null,
      limit: 21,
      now: harness.clock.now(),
    });
    expect(await query).toHaveLength(21);
    const lines = await explainAnalyze(query.toSQL());
    const plan = lines.join("\n");
    expect(plan).not.toMatch(/Seq Scan on posts/);
    expect(plan).toMatch(/posts_lat_lng_idx/);
    let rowsRead = 0;
    for (const line of lines.filter((candidate) => / on posts(_lat_lng_idx)?\b/.test(candidate))) {
      const match = /actual time=[\d.]+\.\.[\d.]+ rows=([\d.]+) loops=(\d+)/.exec(line);
      rowsRead += Number(match?.[1] ?? Number.NaN) * Number(match?.[2] ?? Number.NaN);
    }
    // The box holds the town's 30 posts (and perhaps a spread one or two): nowhere near 20,000.
    expect(rowsRead, plan).toBeLessThanOrEqual(200);
  });

  it("reads about a page of a busy town's 20,000 posts, newest first through posts_placed_created_idx, not its whole history", async () => {
    const { user: author } = await buildUser(harness.app);
    // 20,000 posts in one town over two weeks, between 20,000 newer posts without a place.
    await harness.context.db.execute(sql`
      insert into ${posts} (author_id, content, latitude, longitude, created_at)
      select ${author.id}::uuid, 'town ' || n, 30.2 + (n % 50) * 0.001, -97.7 - (n % 40) * 0.001,
             now() - (n || ' minutes')::interval
      from generate_series(1, 20000) as n`);
    await harness.context.db.execute(sql`
      insert into ${posts} (author_id, content, created_at)
      select ${author.id}::uuid, 'nowhere ' || n, now() - (n || ' seconds')::interval
      from generate_series(1, 20000) as n`);
    await harness.context.db.execute(sql`analyze`);
    const page = (cursor: { createdAt: Date; id: string } | null) =>
      selectNearbyPosts(harness.context.db, {
        viewer: { id: author.id, isSuperuser: false },
        centre: { latitude: 30.2, longitude: -97.7 },
        radiusMiles: 10,
        cursor,
        limit: 21,
        now: harness.clock.now(),
      });
    const first = await page(null);
    expect(first).toHaveLength(21);
    const last = first[20]?.post;
    // Page one and a later page cost the same.
    for (const query of [page(null), page(last ? { createdAt: last.createdAt, id: last.id } : null)]) {
      const lines = await explainAnalyze(query.toSQL());
      const plan = lines.join("\n");
      expect(plan).not.toMatch(/Seq Scan on posts/);
      expect(plan).toMatch(/posts_placed_created_idx/);
      expect(plan).not.toMatch(/posts_lat_lng_idx/);
      const scan = lines.find((line) => /posts_placed_created_idx on posts\b/.test(line)) ?? "";
      const rowsRead = Number(/rows=([\d.]+) loops=1/.exec(scan)?.[1] ?? Number.NaN);
      expect(rowsRead, plan).toBeLessThanOrEqual(50);
    }
  });
});

async function explainAnalyze(query: { sql: string; params: unknown[] }): Promise<string[]> {
  const explained = await harness.context.db.execute(
    sql.raw(`explain (analyze, costs off) ${inlineParams(query.sql, query.params)}`),
  );
  return (explained as { rows: Record<string, string>[] }).rows.map((row) => String(Object.values(row)[0]));
}

/** EXPLAIN cannot take bind parameters: inline them as quoted literals (test-only; values are our own). */
function inlineParams(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_match, index: string) => {
    const value = params[Number(index) - 1];
    if (typeof value === "number") return String(value);
    if (typeof value === "boolean") return value ? "true" : "false";
    return `'${String(value).replaceAll("'", "''")}'`;
  });
}
