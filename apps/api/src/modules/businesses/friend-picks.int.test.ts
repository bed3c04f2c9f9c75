import { type BusinessView, FRIEND_PICKS_DAYS, friendPicksText } from "@plaza/contracts/businesses";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertBlock } from "../../../test/factories/blocks";
import { BUSINESS_POSITION, buildBusiness, checkInAt } from "../../../test/factories/businesses";
import { insertFollow } from "../../../test/factories/follows";
import { buildUser, setVisibility } from "../../../test/factories/users";
import { readsOf } from "../../../test/table-reads";
import { buildTestApp, type TestApp, type TestClient } from "../../../test/test-app";
import { checkins } from "../../db/schema/checkins";
import { users } from "../../db/schema/users";
import { listBusinessesByFriends } from "./discover.repository";

let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());

const DAY_MS = 24 * 60 * 60 * 1000;

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

/** A check-in of `userId` at `businessId` `daysAgo` days before the app clock's now (written directly). */
async function insertCheckinDaysAgo(userId: string, businessId: string, daysAgo: number, rating: number | null = null) {
  await harness.context.db.insert(checkins).values({
    userId,
    businessId,
    rating,
    ...BUSINESS_POSITION,
    distanceMeters: 0,
    checkedInAt: new Date(harness.clock.now().getTime() - daysAgo * DAY_MS),
  });
}

describe("GET /api/businesses?sort=friends: friends' picks", () => {
  it("orders by how many followed people visited in the last 90 days and explains each card", async () => {
    const { client: viewer, user: me } = await buildUser(harness.app);
    const jess = await buildUser(harness.app, { firstName: "Jess" });
    const sam = await buildUser(harness.app, { firstName: "Sam" });
    const kim = await buildUser(harness.app, { firstName: "Kim" });
    for (const friend of [jess, sam, kim]) await insertFollow(harness.context, me.id, friend.user.id);

    const three = await buildBusiness(harness.app, { publish: true, overrides: { name: "Three friends" } });
    const one = await buildBusiness(harness.app, { publish: true, overrides: { name: "One friend" } });
    const stale = await buildBusiness(harness.app, { publish: true, overrides: { name: "Long ago" } });
    const draft = await buildBusiness(harness.app, { overrides: { name: "Draft" } });
    // Through the API (verified check-ins): Sam checks in, then Jess reviews; Kim visited 89 days ago.
    await checkInAt(sam.client, three.owner, three.business.id);
    harness.clock.advance(60_000);
    await checkInAt(jess.client, three.owner, three.business.id, { rating: 5, review: "Great" });
    await insertCheckinDaysAgo(kim.user.id, three.business.id, FRIEND_PICKS_DAYS - 1);
    await checkInAt(sam.client, one.owner, one.business.id, { rating: 4 });
    // Outside the window, and a draft: neither is a pick.
    await insertCheckinDaysAgo(jess.user.id, stale.business.id, FRIEND_PICKS_DAYS + 1);
    await insertCheckinDaysAgo(jess.user.id, draft.business.id, 1);

    const picks = await allPages(viewer, "/api/businesses?sort=friends&limit=1");
    expect(picks.map((business) => business.name)).toEqual(["Three friends", "One friend"]);
    const [threeCard, oneCard] = picks;
    expect(threeCard?.friendPicks).toEqual({ count: 3, reviews: 1, names: ["Jess"] });
    expect(friendPicksText(threeCard?.friendPicks ?? { count: 0, reviews: 0, names: [] })).toBe(
      "Jess and 2 friends checked in",
    );
    expect(oneCard?.friendPicks).toEqual({ count: 1, reviews: 1, names: ["Sam"] });
    expect(friendPicksText(oneCard?.friendPicks ?? { count: 0, reviews: 0, names: [] })).toBe(
      "Sam reviewed this place",
    );

    // Other orders carry the same explanation; a business without friends' visits has none.
    const newest = await viewer.get("/api/businesses?sort=newest&limit=100");
    const byId = new Map(newest.json<BusinessView[]>().map((business) => [business.id, business]));
    expect(byId.get(three.business.id)?.friendPicks?.count).toBe(3);
    expect(byId.get(stale.business.id)?.friendPicks).toBeNull();

    // The window moves with the app clock: two days later Kim's visit is 91 days old.
    harness.clock.advance(2 * DAY_MS);
    const later = await viewer.get("/api/businesses?sort=friends");
    expect(later.json<BusinessView[]>()[0]?.friendPicks).toEqual({ count: 2, reviews: 1, names: ["Jess"] });
    // Someone who follows nobody has no picks (an empty list, not an error).
    const { client: loner } = await buildUser(harness.app);
    const none = await loner.get("/api/businesses?sort=friends");
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);
  });

  it("counts only followed people whose activity the viewer may see (blocks, visibility, the activity switch)", async () => {
    const { client: viewer, user: me } = await buildUser(harness.app);
    const shared = await buildBusiness(harness.app, { publish: true, overrides: { name: "Shared" } });
    const visitor = async (setup: (id: string) => Promise<void>, follow = true) => {
      const { user } = await buildUser(harness.app);
      if (follow) await insertFollow(harness.context, me.id, user.id);
      await setup(user.id);
      await insertCheckinDaysAgo(user.id, shared.business.id, 3);
      return user.id;
    };
    await visitor(async () => undefined); // counts
    await visitor(async (id) => insertBlock(harness.context, id, me.id)); // blocked the viewer
    await visitor(async (id) => insertBlock(harness.context, me.id, id)); // blocked by the viewer
    await visitor(async (id) => setVisibility(harness.context, id, "custom", [])); // shows the viewer nothing
    await visitor(async (id) => {
      await harness.context.db
        .update(users)
        .set({ preferences: sql`${users.preferences} || '{"showRecentActivity": false}'::jsonb` })
        .where(eq(users.id, id));
    });
    await visitor(async (id) => {
      await harness.context.db.update(users).set({ isDeleted: true }).where(eq(users.id, id));
    });
    await visitor(async (id) => insertFollow(harness.context, id, me.id), false); // follows the viewer only

    const picks = await viewer.get("/api/businesses?sort=friends");
    expect(picks.json<BusinessView[]>().map((business) => [business.name, business.friendPicks?.count])).toEqual([
      ["Shared", 1],
    ]);
  });

  it("reads only the viewer's friends' recent check-ins among 20,000+ (row counts)", async () => {
    const { user: me } = await buildUser(harness.app);
    const { business } = await buildBusiness(harness.app, { publish: true, overrides: { name: "Busy" } });
    const db = harness.context.db;
    // 400 strangers with 50 check-ins each (20,000 rows), 10 friends with 3 recent and 30 old check-ins each.
    const insertPeople = async (prefix: string, count: number) =>
      (
        (await db.execute(sql`
          insert into users (email, password_hash, username, preferences)
          select ${prefix} || n || '@example.test', 'x', ${prefix} || n, '{}'::jsonb
          from generate_series(1, ${count}::int) as n returning id`)) as unknown as { rows: { id: string }[] }
      ).rows.map((row) => row.id);
    const strangers = await insertPeople(`str${me.id.slice(0, 6)}_`, 400);
    const friends = await insertPeople(`fr${me.id.slice(0, 6)}_`, 10);
    for (const friend of friends) await insertFollow(harness.context, me.id, friend);
    const now = harness.clock.now().toISOString();
    const insertCheckins = (people: string[], perPerson: number, minDays: number) =>
      db.execute(sql`
        insert into checkins (user_id, business_id, distance_meters, checked_in_at)
        select person, ${business.id}::uuid, 0, ${now}::timestamptz - ((${minDays} + n) || ' days')::interval
        from unnest(${sql.raw(`array[${people.map((id) => `'${id}'::uuid`).join(",")}]`)}) as person
        cross join generate_series(1, ${perPerson}::int) as n`);
    await insertCheckins(strangers, 50, 0);
    await insertCheckins(friends, 3, 0);
    await insertCheckins(friends, 30, FRIEND_PICKS_DAYS + 1);
    await db.execute(sql`analyze`);

    const since = new Date(harness.clock.now().getTime() - FRIEND_PICKS_DAYS * DAY_MS);
    const viewer = { id: me.id, isSuperuser: false };
    const { rowsRead, seqScans } = await readsOf(db, "checkins", async (tx) => {
      const page = await listBusinessesByFriends(tx, viewer, since, { area: null }, null, { limit: 20, cursor: null });
      expect(page.items.map((row) => [row.business.id, row.sortValue])).toEqual([[business.id, 10]]);
    });
    console.log(`friends' picks among ${20_000 + 330} check-ins: ${rowsRead} check-in rows read`);
    expect(seqScans).toBe(0);
    // The 30 recent check-ins of the 10 friends (the old ones stay outside the index range), not 20,000.
    expect(rowsRead).toBeLessThanOrEqual(60);
  });
});
