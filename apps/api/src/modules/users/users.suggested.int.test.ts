import type { SuggestedUserView } from "@plaza/contracts/users";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUSINESS_POSITION, buildBusiness, checkInAt } from "../../../test/factories/businesses";
import { buildUser } from "../../../test/factories/users";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";
import { users } from "../../db/schema/users";

let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());

const validProfile = (username: string, city: string) => ({ firstName: "Town", lastName: "Person", username, city });

/** A user with `followers` followers (new accounts that follow them). */
async function popularUser(followers: number, city: string | null = null) {
  const built = await buildUser(harness.app);
  if (city) await built.client.patch("/api/users/profile", validProfile(built.user.username, city));
  for (let index = 0; index < followers; index += 1) {
    const { client } = await buildUser(harness.app);
    expect((await client.post("/api/follows", { followingId: built.user.id })).statusCode).toBe(200);
  }
  return built;
}

describe("GET /api/users/suggested", () => {
  it("answers 401 signed out and 400 for a bad limit", async () => {
    expect((await new TestClient(harness.app).get("/api/users/suggested")).statusCode).toBe(401);
    const { client } = await buildUser(harness.app);
    const response = await client.get("/api/users/suggested?limit=0");
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain("Limit must be at least 1");
  });

  it("suggests the viewer's city first, then the most followed, without self, followed, blocked or private", async () => {
    const star = await popularUser(3);
    const local = await popularUser(1, "Hood River");
    const followed = await popularUser(4);
    const blocked = await popularUser(5);
    const secret = await popularUser(6);
    await secret.client.patch("/api/users/profile", {
      ...validProfile(secret.user.username, "Hood River"),
      accountVisibility: "private",
    });
    const viewer = await buildUser(harness.app);
    await viewer.client.patch("/api/users/profile", validProfile(viewer.user.username, "hood river"));
    expect((await viewer.client.post("/api/follows", { followingId: followed.user.id })).statusCode).toBe(200);
    const block = await blocked.client.post("/api/blocks", { blockedId: viewer.user.id, blockType: "hard" });
    expect(block.statusCode).toBeLessThan(300);

    const response = await viewer.client.get("/api/users/suggested?limit=20");
    expect(response.statusCode).toBe(200);
    const suggested = response.json<SuggestedUserView[]>();
    const ids = suggested.map((person) => person.id);
    expect(ids[0]).toBe(local.user.id);
    expect(suggested[0]).toMatchObject({ isNearby: true, followersCount: 1, username: local.user.username });
    expect(ids[1]).toBe(star.user.id);
    expect(suggested[1]).toMatchObject({ isNearby: false, followersCount: 3 });
    for (const excluded of [viewer, followed, blocked, secret]) expect(ids).not.toContain(excluded.user.id);
    expect(suggested[0]).not.toHaveProperty("email");
    expect(suggested[0]).not.toHaveProperty("city");

    // A viewer without a city (every new account) gets the most followed, none of them "nearby".
    const newcomer = await buildUser(harness.app);
    const fresh = await newcomer.client.get("/api/users/suggested?limit=20");
    expect(fresh.statusCode).toBe(200);
    const freshList = fresh.json<SuggestedUserView[]>();
    // 5 followers each (the first viewer follows `followed`), then 3.
    expect(new Set(freshList.slice(0, 2).map((person) => person.id))).toEqual(
      new Set([blocked.user.id, followed.user.id]),
    );
    expect(freshList[2]?.id).toBe(star.user.id);
    expect(freshList.every((person) => !person.isNearby)).toBe(true);
  });

  it("adds businesses near the viewer's last check-in, or in their city, besides popular people", async () => {
    // A viewer whose last known position is a check-in at a business near BUSINESS_POSITION.
    const visited = await buildBusiness(harness.app, { publish: true, overrides: { name: "Visited Cafe" } });
    const near = await buildBusiness(harness.app, {
      publish: true,
      overrides: { name: "Corner Bakery", category: "restaurant", latitude: BUSINESS_POSITION.latitude + 0.01 },
    });
    const far = await buildBusiness(harness.app, {
      publish: true,
      overrides: { name: "Far Away Diner", latitude: BUSINESS_POSITION.latitude + 2 },
    });
    const draft = await buildBusiness(harness.app, { overrides: { name: "Draft Shop" } });
    const walker = await buildUser(harness.app);
    await checkInAt(walker.client, visited.owner, visited.business.id);
    await walker.client.post("/api/follows", { followingId: visited.ownerId });

    const response = await walker.client.get("/api/users/suggested?limit=6");
    expect(response.statusCode).toBe(200);
    const suggested = response.json<SuggestedUserView[]>();
    expect(suggested).toHaveLength(6);
    const businesses = suggested.filter((entry) => entry.business !== null);
    // Up to half the list; nearest first; followed, drafts and far ones left out.
    expect(businesses.map((entry) => entry.business?.name)).toContain("Corner Bakery");
    expect(businesses.length).toBeLessThanOrEqual(3);
    const bakery = businesses.find((entry) => entry.id === near.ownerId);
    expect(bakery).toMatchObject({ isNearby: true, business: { id: near.business.id, category: "restaurant" } });
    expect(bakery?.business?.distanceMeters).toBeGreaterThan(1000);
    expect(bakery?.business?.distanceMeters).toBeLessThan(1200);
    const ids = suggested.map((entry) => entry.id);
    // The followed owner is never suggested. The far and the draft businesses are never suggested as businesses;
    // their owners are public accounts with no followers, which may fill the people's part (ties in followers are
    // broken by id, which is random here).
    expect(ids).not.toContain(visited.ownerId);
    const businessOwnerIds = businesses.map((entry) => entry.id);
    for (const excluded of [far.ownerId, draft.ownerId]) expect(businessOwnerIds).not.toContain(excluded);
    expect(new Set(ids).size).toBe(ids.length);
    // The rest are people (popular accounts), listed before the businesses.
    expect(suggested[0]?.business).toBeNull();

    // Without any position, a business whose owner lives in the viewer's city is suggested.
    const townShop = await buildBusiness(harness.app, {
      publish: true,
      overrides: { name: "Town Shop", latitude: -33.9, longitude: 18.4 },
    });
    await harness.context.db.update(users).set({ city: "Stellenbosch" }).where(eq(users.id, townShop.ownerId));
    const local = await buildUser(harness.app);
    await local.client.patch("/api/users/profile", validProfile(local.user.username, "stellenbosch"));
    const byCity = (await local.client.get("/api/users/suggested?limit=4")).json<SuggestedUserView[]>();
    const shop = byCity.find((entry) => entry.id === townShop.ownerId);
    expect(shop).toMatchObject({ isNearby: true, business: { name: "Town Shop", distanceMeters: null } });
    // A newcomer with neither city nor check-ins gets people only.
    const newcomer = await buildUser(harness.app);
    const people = (await newcomer.client.get("/api/users/suggested?limit=6")).json<SuggestedUserView[]>();
    expect(people.every((entry) => entry.business === null)).toBe(true);
  });
});
