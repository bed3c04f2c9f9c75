import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { PostView } from "@plaza/contracts/posts";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertFollow } from "../../../test/factories/follows";
import { buildPost } from "../../../test/factories/posts";
import { buildUser } from "../../../test/factories/users";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";
import { posts } from "../../db/schema/posts";
import { distanceInMeters, METERS_PER_MILE, type Position, snapToPositionGrid } from "../../lib/geo";

let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());

const METERS_PER_DEGREE = 111_195;

/** The point `north` and `east` metres from `from` (small distances). */
function offset(from: Position, north: number, east: number): Position {
  return {
    latitude: from.latitude + north / METERS_PER_DEGREE,
    longitude: from.longitude + east / (METERS_PER_DEGREE * Math.cos((from.latitude * Math.PI) / 180)),
  };
}

/**
 * The attack of the security review: a 1-mile radius query answers "the post is within 1 mile of here" or not, so a
 * binary search for the circle's edge east and west of a guess gives the post's meridian (the edge is symmetric
 * about it), and then north and south along that meridian gives its latitude. About 120 queries, each edge found to
 * a few millimetres.
 */
async function locateByRadiusQueries(listIds: (query: string) => Promise<string[]>, postId: string, guess: Position) {
  const radiusMeters = METERS_PER_MILE;
  const isWithinMile = async (point: Position) =>
    (await listIds(`latitude=${point.latitude}&longitude=${point.longitude}&radius=1`)).includes(postId);
  // `inside` is within the mile, `outside` is not; returns the edge between them.
  const edge = async (inside: Position, outside: Position): Promise<Position> => {
    let [near, far] = [inside, outside];
    for (let step = 0; step < 30; step += 1) {
      const middle = { latitude: (near.latitude + far.latitude) / 2, longitude: (near.longitude + far.longitude) / 2 };
      if (await isWithinMile(middle)) near = middle;
      else far = middle;
    }
    return near;
  };
  expect(await isWithinMile(guess)).toBe(true);
  const reach = radiusMeters * 2.5;
  const east = await edge(guess, offset(guess, 0, reach));
  const west = await edge(guess, offset(guess, 0, -reach));
  const onMeridian = { latitude: guess.latitude, longitude: (east.longitude + west.longitude) / 2 };
  const north = await edge(onMeridian, offset(onMeridian, reach, 0));
  const south = await edge(onMeridian, offset(onMeridian, -reach, 0));
  return { latitude: (north.latitude + south.latitude) / 2, longitude: onMeridian.longitude };
}

const idsOf = (response: { statusCode: number; json<T>(): T }) => {
  expect(response.statusCode).toBe(200);
  return response.json<PostView[]>().map((post) => post.id);
};

describe("post positions under radius queries", () => {
  it("can't be pinned closer than their grid cell by any sequence of trending or feed radius queries", async () => {
    const { client: author, user: authorUser } = await buildUser(harness.app);
    // Two homes about 570 m apart in one cell (a cell is at least 500 m across; each is 200 m north and east or
    // south and west of its centre), in a place no other test writes to.
    const centre = snapToPositionGrid({ latitude: 12.3456, longitude: 21.6543 });
    const southWestHome = offset(centre, -200, -200);
    const northEastHome = offset(centre, 200, 200);
    expect(distanceInMeters(southWestHome, northEastHome)).toBeGreaterThan(560);
    const first = await buildPost(author, { location: { city: "N'Djamena", ...southWestHome } });
    const second = await buildPost(author, { location: { city: "N'Djamena", ...northEastHome } });
    const anonymous = new TestClient(harness.app);
    const trending = async (query: string) => idsOf(await anonymous.get(`/api/posts/trending?${query}`));
    const { client: follower, user: followerUser } = await buildUser(harness.app);
    await insertFollow(harness.context, followerUser.id, authorUser.id);
    const feed = async (query: string) => idsOf(await follower.get(`/api/posts/feed?${query}`));
    const guess = offset(centre, 150, -300);

    const firstFound = await locateByRadiusQueries(trending, first.id, guess);
    const secondFound = await locateByRadiusQueries(trending, second.id, guess);
    const firstInFeed = await locateByRadiusQueries(feed, first.id, guess);
    // Every answer is the same for both posts: the queries can't tell two homes of one cell apart...
    expect(distanceInMeters(firstFound, secondFound)).toBeLessThan(1);
    expect(distanceInMeters(firstInFeed, firstFound)).toBeLessThan(1);
    // ...and the best the attacker gets is the cell, far from either home.
    expect(distanceInMeters(firstFound, southWestHome)).toBeGreaterThan(250);
    expect(distanceInMeters(secondFound, northEastHome)).toBeGreaterThan(250);
  });

  it("stores the cell's centre only, and no position without both coordinates", async () => {
    const { client: author } = await buildUser(harness.app);
    const home = { latitude: 48.85837, longitude: 2.294481 };
    const post = await buildPost(author, { location: { city: "Paris", ...home } });
    const halfOnly = await buildPost(author, { location: { city: "Paris", latitude: 48.85837 } });
    expect(Object.keys(post)).not.toContain("latitude");
    const rows = await harness.context.db
      .select({ id: posts.id, latitude: posts.latitude, longitude: posts.longitude })
      .from(posts)
      .where(inArray(posts.id, [post.id, halfOnly.id]));
    expect(rows.find((row) => row.id === post.id)).toMatchObject(snapToPositionGrid(home));
    expect(rows.find((row) => row.id === halfOnly.id)).toMatchObject({ latitude: null, longitude: null });
  });
});

describe("migration 0009_snap_post_positions", () => {
  it("snaps the rows written before it exactly as the app snaps new ones, and changes snapped rows no more", async () => {
    const { user } = await buildUser(harness.app);
    const points: Position[] = [
      { latitude: 40.758, longitude: -73.9855 },
      { latitude: -33.8688, longitude: 151.2093 },
      { latitude: 0, longitude: 0 },
      { latitude: 90, longitude: 180 },
      { latitude: -90, longitude: -180 },
      { latitude: 89.9999, longitude: 179.9999 },
      { latitude: -89.99, longitude: -179.9999 },
      { latitude: 64.1466, longitude: -21.9426 },
    ];
    for (let index = 0; index < 40; index += 1) {
      // A fixed spread of points over the globe (no randomness: the test is the same every run).
      points.push({ latitude: ((index * 37.77) % 180) - 90, longitude: ((index * 97.31) % 360) - 180 });
    }
    const inserted = await harness.context.db
      .insert(posts)
      .values(points.map((point, index) => ({ authorId: user.id, content: `old post ${index}`, ...point })))
      .returning({ id: posts.id });
    const apiPost = await buildPost((await buildUser(harness.app)).client, {
      location: { latitude: 51.5074, longitude: -0.1278 },
    });
    const migration = readFileSync(join(import.meta.dirname, "../../../drizzle/0009_snap_post_positions.sql"), "utf8");
    for (const statement of migration.split("--> statement-breakpoint")) {
      await harness.context.db.execute(sql.raw(statement));
    }
    for (const [index, point] of points.entries()) {
      const [row] = await harness.context.db
        .select({ latitude: posts.latitude, longitude: posts.longitude })
        .from(posts)
        .where(eq(posts.id, inserted[index]?.id ?? ""));
      const expected = snapToPositionGrid(point);
      expect(row?.latitude).toBeCloseTo(expected.latitude, 9);
      expect(row?.longitude).toBeCloseTo(expected.longitude, 9);
    }
    const [apiRow] = await harness.context.db
      .select({ latitude: posts.latitude, longitude: posts.longitude })
      .from(posts)
      .where(eq(posts.id, apiPost.id));
    expect(apiRow).toEqual(snapToPositionGrid({ latitude: 51.5074, longitude: -0.1278 }));
  });
});
