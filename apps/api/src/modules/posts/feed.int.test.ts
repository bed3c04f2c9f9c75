import type { PostView } from "@plaza/contracts/posts";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { explainAnalyze, explainPlan, rowsOfEach } from "../../../test/explain";
import { insertBlock } from "../../../test/factories/blocks";
import { insertFollow } from "../../../test/factories/follows";
import { buildPost } from "../../../test/factories/posts";
import { buildUser, setVisibility } from "../../../test/factories/users";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";
import { posts } from "../../db/schema/posts";
import { users } from "../../db/schema/users";
import { selectFeedPage } from "./feed.repository";

let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());

const anonymous = () => new TestClient(harness.app);
const ids = (response: { json<T>(): T }) => response.json<PostView[]>().map((post) => post.id);

describe("GET /api/posts/feed", () => {
  it("answers 401 without a session", async () => {
    const response = await anonymous().get("/api/posts/feed?radius=0");
    expect(response.statusCode).toBe(401);
  });

  it("answers 400 for bad filters and cursors", async () => {
    const { client } = await buildUser(harness.app);
    const cases: [string, string][] = [
      ["radius=0&latitude=1&longitude=1", "Radius must be at least 1 mile"],
      ["radius=51&latitude=1&longitude=1", "Radius must be at most 50 miles"],
      ["radius=10", "A radius filter needs latitude, longitude and radius"],
      ["latitude=91&longitude=0&radius=5", "Invalid latitude"],
      ["countryCode=USA", "Country code must be 2 letters"],
      ["cursor=bm9wZQ", "Invalid cursor"],
      ["limit=101", "Too big: expected number to be <=100"],
    ];
    for (const [query, message] of cases) {
      const response = await client.get(`/api/posts/feed?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toBe(message);
    }
    // Parameter pollution (?city=a&city=b) is refused, not a 500.
    expect((await client.get("/api/posts/feed?city=a&city=b")).statusCode).toBe(400);
  });

  it("shows own and followed users' posts, newest first, and nobody else's", async () => {
    const { client: viewer, user: viewerUser } = await buildUser(harness.app);
    const { client: friend, user: friendUser } = await buildUser(harness.app);
    const { client: stranger } = await buildUser(harness.app);
    await insertFollow(harness.context, viewerUser.id, friendUser.id);
    const mine = await buildPost(viewer);
    harness.clock.advance(1000);
    const theirs = await buildPost(friend);
    harness.clock.advance(1000);
    await buildPost(stranger);
    const response = await viewer.get("/api/posts/feed");
    expect(response.statusCode).toBe(200);
    expect(ids(response)).toEqual([theirs.id, mine.id]);
  });

  it("pages without duplicates or gaps, also across equal timestamps and posts added meanwhile", async () => {
    const { client: viewer, user: viewerUser } = await buildUser(harness.app);
    const authors = await Promise.all([buildUser(harness.app), buildUser(harness.app), buildUser(harness.app)]);
    const expected: PostView[] = [];
    for (const author of authors) await insertFollow(harness.context, viewerUser.id, author.user.id);
    for (let index = 0; index < 25; index += 1) {
      // Groups of posts share a timestamp: the id breaks the tie.
      if (index % 4 === 0) harness.clock.advance(1000);
      const author = authors[index % authors.length];
      if (!author) throw new Error("no author");
      expected.push(await buildPost(author.client, { title: `feed ${index}` }));
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const response = await viewer.get(`/api/posts/feed?limit=7${cursor ? `&cursor=${cursor}` : ""}`);
      expect(response.statusCode).toBe(200);
      seen.push(...ids(response));
      cursor = response.headers["x-next-cursor"] as string | undefined;
      pages += 1;
      // A post published while paging appears on top, never inside later pages.
      if (pages === 1) {
        harness.clock.advance(1000);
        await buildPost(viewer, { title: "published while paging" });
      }
    } while (cursor && pages < 10);
    expect(pages).toBe(4);
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
    // Newest first; equal times in id order (descending), exactly as the keyset walks them.
    const newestFirst = [...expected].sort(
      (a, b) => b.createdAt.localeCompare(a.createdAt) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
    );
    expect(seen).toEqual(newestFirst.map((post) => post.id));
  });

  it("filters by city, state, country (case-insensitive) and country code", async () => {
    const { client: viewer } = await buildUser(harness.app);
    const lisbon = await buildPost(viewer, {
      location: { city: "Lisbon", state: "Lisboa", country: "Portugal", countryCode: "PT" },
    });
    harness.clock.advance(1000);
    const porto = await buildPost(viewer, { location: { city: "Porto", country: "Portugal", countryCode: "PT" } });
    const madrid = await buildPost(viewer, { location: { city: "Madrid", country: "Spain", countryCode: "ES" } });
    await buildPost(viewer);
    expect(ids(await viewer.get("/api/posts/feed?city=lisbon"))).toEqual([lisbon.id]);
    expect(ids(await viewer.get("/api/posts/feed?city=%20LISBON%20"))).toEqual([lisbon.id]);
    expect(ids(await viewer.get("/api/posts/feed?state=lisboa"))).toEqual([lisbon.id]);
    expect(ids(await viewer.get("/api/posts/feed?country=portugal"))).toEqual([porto.id, lisbon.id]);
    expect(ids(await viewer.get("/api/posts/feed?countryCode=es"))).toEqual([madrid.id]);
    expect(ids(await viewer.get("/api/posts/feed?city=Atlantis"))).toEqual([]);
  });

  it("filters by radius in miles with exact distances (bounding box + haversine)", async () => {
    const { client: viewer } = await buildUser(harness.app);
    // Around Times Square (40.7580, -73.9855).
    const near = await buildPost(viewer, { location: { latitude: 40.7484, longitude: -73.9857 } }); // 0.7 mi
    harness.clock.advance(1000);
    const brooklyn = await buildPost(viewer, { location: { latitude: 40.6782, longitude: -73.9442 } }); // 5.9 mi
    harness.clock.advance(1000);
    const newark = await buildPost(viewer, { location: { latitude: 40.7357, longitude: -74.1724 } }); // 9.9 mi
    harness.clock.advance(1000);
    // Inside the 7-mile bounding box's corner, but 9.4 miles away in a straight line.
    const corner = await buildPost(viewer, { location: { latitude: 40.855, longitude: -73.86 } });
    harness.clock.advance(1000);
    const philadelphia = await buildPost(viewer, { location: { latitude: 39.9526, longitude: -75.1652 } }); // 83 mi
    const within = (radius: number) =>
      viewer.get(`/api/posts/feed?latitude=40.758&longitude=-73.9855&radius=${radius}`).then(ids);
    expect(await within(1)).toEqual([near.id]);
    expect(await within(7)).toEqual([brooklyn.id, near.id]);
    const ten = await within(10);
    expect(ten).toEqual([corner.id, newark.id, brooklyn.id, near.id]);
    expect(ten).not.toContain(philadelphia.id);
    expect(await within(50)).not.toContain(philadelphia.id);
  });

  it("leaves out authors blocked in either direction, and followed accounts that hide their posts", async () => {
    const { client: viewer, user: viewerUser } = await buildUser(harness.app);
    const { client: blockedFriend, user: blockedFriendUser } = await buildUser(harness.app);
    const { client: blockingFriend, user: blockingFriendUser } = await buildUser(harness.app);
    const { client: customFriend, user: customFriendUser } = await buildUser(harness.app);
    const { client: privateFriend, user: privateFriendUser } = await buildUser(harness.app);
    for (const friend of [blockedFriendUser, blockingFriendUser, customFriendUser, privateFriendUser]) {
      await insertFollow(harness.context, viewerUser.id, friend.id);
    }
    await buildPost(blockedFriend);
    await buildPost(blockingFriend);
    await buildPost(customFriend);
    const privatePost = await buildPost(privateFriend);
    await insertBlock(harness.context, viewerUser.id, blockedFriendUser.id);
    await insertBlock(harness.context, blockingFriendUser.id, viewerUser.id);
    await setVisibility(harness.context, customFriendUser.id, "custom", []);
    await setVisibility(harness.context, privateFriendUser.id, "private");
    expect(ids(await viewer.get("/api/posts/feed"))).toEqual([privatePost.id]);
  });
});

describe("GET /api/posts/trending", () => {
  it("answers 400 for a bad filter", async () => {
    const response = await anonymous().get("/api/posts/trending?radius=60&latitude=1&longitude=1");
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Radius must be at most 50 miles");
  });

  it("lists the most-liked recent visible posts, near a place when asked", async () => {
    const fresh = await buildTestApp();
    try {
      const { client: old } = await buildUser(fresh.app);
      const oldPost = await buildPost(old, { location: { city: "Oslo" } });
      fresh.clock.advance(8 * 24 * 60 * 60 * 1000);
      const { client: author, user: authorUser } = await buildUser(fresh.app);
      const { client: hiddenAuthor, user: hiddenUser } = await buildUser(fresh.app);
      const popular = await buildPost(author, { location: { city: "Oslo" } });
      const quiet = await buildPost(author, { location: { city: "Bergen" } });
      const hidden = await buildPost(hiddenAuthor, { location: { city: "Oslo" } });
      await setVisibility(fresh.context, hiddenUser.id, "private");
      const likers = await Promise.all([buildUser(fresh.app), buildUser(fresh.app), buildUser(fresh.app)]);
      for (const liker of likers) {
        await liker.client.post("/api/likes", { postId: popular.id });
        await liker.client.post("/api/likes", { postId: oldPost.id });
      }
      await likers[0]?.client.post("/api/likes", { postId: quiet.id });

      const everyone = await new TestClient(fresh.app).get("/api/posts/trending");
      expect(everyone.statusCode).toBe(200);
      expect(ids(everyone)).toEqual([popular.id, quiet.id]);
      expect(ids(await hiddenAuthor.get("/api/posts/trending"))).toEqual([popular.id, quiet.id, hidden.id]);
      expect(ids(await new TestClient(fresh.app).get("/api/posts/trending?city=oslo"))).toEqual([popular.id]);
      const { client: blocker, user: blockerUser } = await buildUser(fresh.app);
      await insertBlock(fresh.context, blockerUser.id, authorUser.id);
      expect(ids(await blocker.get("/api/posts/trending"))).toEqual([]);
    } finally {
      await fresh.close();
    }
  });

  it("hides suspended and deleted authors, as search and nearby do (the author still sees their own)", async () => {
    const fresh = await buildTestApp();
    try {
      const { client: author } = await buildUser(fresh.app);
      const { client: suspended, user: suspendedUser } = await buildUser(fresh.app);
      const { client: gone } = await buildUser(fresh.app);
      const shown = await buildPost(author);
      const bySuspended = await buildPost(suspended);
      const byGone = await buildPost(gone);
      const { client: liker } = await buildUser(fresh.app);
      for (const post of [shown, bySuspended, byGone]) await liker.post("/api/likes", { postId: post.id });
      const { client: viewer } = await buildUser(fresh.app);
      expect(new Set(ids(await viewer.get("/api/posts/trending")))).toEqual(
        new Set([shown.id, bySuspended.id, byGone.id]),
      );
      await fresh.context.db.update(users).set({ isSuspended: true }).where(eq(users.id, suspendedUser.id));
      expect((await gone.post("/api/users/delete")).statusCode).toBe(200);
      expect(ids(await viewer.get("/api/posts/trending"))).toEqual([shown.id]);
      expect(ids(await new TestClient(fresh.app).get("/api/posts/trending"))).toEqual([shown.id]);
      expect(ids(await suspended.get("/api/posts/trending"))).toContain(bySuspended.id);
    } finally {
      await fresh.close();
    }
  });
});

describe("feed query plan", () => {
  it("uses indexes on posts (EXPLAIN)", async () => {
    const { user: viewerUser } = await buildUser(harness.app);
    const { user: friend } = await buildUser(harness.app);
    await insertFollow(harness.context, viewerUser.id, friend.id);
    // Enough rows that an index is worth it; seq scans off proves the plan can use one.
    await harness.context.db.execute(sql`
      insert into ${posts} (author_id, title, content, city, latitude, longitude, created_at)
      select ${friend.id}::uuid, 'bulk', 'bulk post ' || n, case when n % 10 = 0 then 'Lisbon' else 'Porto' end,
             38 + (n % 100) / 100.0, -9 + (n % 50) / 100.0, now() - (n || ' seconds')::interval
      from generate_series(1, 3000) as n`);
    await harness.context.db.execute(sql`analyze`);
    const viewer = { id: viewerUser.id, isSuperuser: false };
    const now = harness.clock.now();
    const plans: string[] = [];
    await harness.context.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      for (const location of [{}, { city: "Lisbon" }, { latitude: 38.5, longitude: -8.8, radius: 10 }]) {
        const query = selectFeedPage(tx, { viewer, location, cursor: null, limit: 21, now }).toSQL();
        plans.push((await explainPlan(tx, query)).join("\n"));
      }
    });
    for (const plan of plans) {
      expect(plan).not.toMatch(/Seq Scan on posts/);
      expect(plan).toMatch(/Index (Only )?Scan|Bitmap Index Scan/);
      expect(plan).toMatch(/posts_\w+_idx|follows_pkey|follows_follower_created_idx/);
    }
  });
});

describe("feed cost", () => {
  it("reads at most a page of posts per followed author, on page 1 and deep pages alike (EXPLAIN ANALYZE)", async () => {
    const { user: viewerUser } = await buildUser(harness.app);
    const friends = await Promise.all([buildUser(harness.app), buildUser(harness.app)]);
    for (const friend of friends) await insertFollow(harness.context, viewerUser.id, friend.user.id);
    // Two prolific authors: a feed that read all their posts and sorted them would touch 4000 rows.
    for (const friend of friends) {
      await harness.context.db.execute(sql`
        insert into ${posts} (author_id, content, created_at)
        select ${friend.user.id}::uuid, 'prolific post ' || n, now() - (n || ' seconds')::interval
        from generate_series(1, 2000) as n`);
    }
    await harness.context.db.execute(sql`analyze`);
    const viewer = { id: viewerUser.id, isSuperuser: false };
    const now = harness.clock.now();
    const deep = (
      await selectFeedPage(harness.context.db, { viewer, location: {}, cursor: null, limit: 1000, now })
    )[999];
    if (!deep) throw new Error("no post 1000");
    for (const cursor of [null, { createdAt: deep.post.createdAt, id: deep.post.id }]) {
      const query = selectFeedPage(harness.context.db, { viewer, location: {}, cursor, limit: 21, now }).toSQL();
      // A table this small could be read whole cheaply; with seq scans off the plan shows what it does at scale.
      const lines = await harness.context.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return explainAnalyze(tx, query);
      });
      // Every scan of posts returns at most limit rows per followed author (3 authors: the viewer and two friends).
      const postScans = rowsOfEach(lines, / on posts\b/);
      expect(postScans.length, lines.join("\n")).toBeGreaterThan(0);
      for (const rowsRead of postScans) expect(rowsRead, lines.join("\n")).toBeLessThanOrEqual(3 * 21);
    }
  });
});

describe("feed cost with many followed authors", () => {
  it("reads one index entry per followed author plus about a page, not a page per author (EXPLAIN ANALYZE)", async () => {
    const { user: viewerUser } = await buildUser(harness.app);
    const authorCount = 40;
    const perAuthor = 25;
    // 40 followed authors with 25 posts each, their timestamps interleaved: the newest 21 posts come from 21
    // different authors. Reading each author's newest page would touch 40 × 21 = 840 index entries.
    const authorIds = (
      (await harness.context.db.execute(sql`
        insert into users (email, password_hash, username, preferences)
        select 'many-' || n || '-' || ${viewerUser.id} || '@example.test', 'x', 'many_' || n || '_' || left(${viewerUser.id}, 8), '{}'::jsonb
        from generate_series(1, ${authorCount}) as n
        returning id`)) as { rows: { id: string }[] }
    ).rows.map((row) => row.id);
    for (const authorId of authorIds) await insertFollow(harness.context, viewerUser.id, authorId);
    await harness.context.db.execute(sql`
      insert into ${posts} (author_id, content, created_at)
      select author.id, 'interleaved post ' || n, now() - ((n * ${authorCount} + author.position) || ' seconds')::interval
      from unnest(${sql.raw(`array[${authorIds.map((id) => `'${id}'::uuid`).join(",")}]`)}) with ordinality as author(id, position)
      cross join generate_series(1, ${perAuthor}) as n`);
    await harness.context.db.execute(sql`analyze`);
    const viewer = { id: viewerUser.id, isSuperuser: false };
    const now = harness.clock.now();
    const page = await selectFeedPage(harness.context.db, { viewer, location: {}, cursor: null, limit: 21, now });
    expect(new Set(page.map((row) => row.post.authorId)).size).toBe(21);
    const query = selectFeedPage(harness.context.db, { viewer, location: {}, cursor: null, limit: 21, now }).toSQL();
    const lines = await harness.context.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return explainAnalyze(tx, query);
    });
    const rowsRead = rowsOfEach(lines, / on posts\b/).reduce((sum, rows) => sum + rows, 0);
    // One head per author (40), the page's authors down to the threshold (about 21), the page's rows (21).
    expect(rowsRead, lines.join("\n")).toBeLessThanOrEqual(authorCount + 3 * 21);
  });
});
