import type { CheckinView } from "@plaza/contracts/checkins";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBusiness, checkInAt } from "../../../test/factories/businesses";
import { insertFollow } from "../../../test/factories/follows";
import { buildUser, setVisibility } from "../../../test/factories/users";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";

let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());

const visitorsOf = (response: { statusCode: number; json<T>(): T }) => {
  expect(response.statusCode).toBe(200);
  return response.json<CheckinView[]>().map((checkin) => checkin.user.id);
};

/** A published business and a reviewer who checked in there with a rating and a review. */
async function reviewedBusiness() {
  const { owner, ownerId, business } = await buildBusiness(harness.app, { publish: true });
  const reviewer = await buildUser(harness.app);
  await checkInAt(reviewer.client, owner, business.id, { rating: 2, review: "Cold coffee" });
  harness.clock.advance(1000);
  return { owner, ownerId, business, reviewer, url: `/api/businesses/${business.id}/checkins` };
}

describe("GET /api/businesses/{id}/checkins: the visitors' privacy", () => {
  it("answers 401 to anonymous visitors", async () => {
    const { url } = await reviewedBusiness();
    expect((await new TestClient(harness.app).get(url)).statusCode).toBe(401);
  });

  it("hides a visitor who blocked the viewer, or whom the viewer blocked, from the viewer only", async () => {
    const { owner, url, reviewer } = await reviewedBusiness();
    const { client: blockedViewer, user: blockedUser } = await buildUser(harness.app);
    const { client: blockingViewer } = await buildUser(harness.app);
    const { client: bystander } = await buildUser(harness.app);
    expect(visitorsOf(await blockedViewer.get(url))).toEqual([reviewer.user.id]);

    expect((await reviewer.client.post("/api/blocks", { blockedId: blockedUser.id })).statusCode).toBe(200);
    expect((await blockingViewer.post("/api/blocks", { blockedId: reviewer.user.id })).statusCode).toBe(200);
    expect(visitorsOf(await blockedViewer.get(url))).toEqual([]);
    expect(visitorsOf(await blockedViewer.get(`${url}?reviews=true`))).toEqual([]);
    expect(visitorsOf(await blockingViewer.get(url))).toEqual([]);
    expect(visitorsOf(await bystander.get(url))).toEqual([reviewer.user.id]);
    expect(visitorsOf(await owner.get(url))).toEqual([reviewer.user.id]);
  });

  it("shows a private account's reviews to its followers only, a custom one's to its list only", async () => {
    const { url, reviewer } = await reviewedBusiness();
    const { client: follower, user: followerUser } = await buildUser(harness.app);
    const { client: stranger, user: strangerUser } = await buildUser(harness.app);
    await insertFollow(harness.context, followerUser.id, reviewer.user.id);
    await setVisibility(harness.context, reviewer.user.id, "private");
    expect(visitorsOf(await stranger.get(url))).toEqual([]);
    expect(visitorsOf(await follower.get(url))).toEqual([reviewer.user.id]);
    expect(visitorsOf(await reviewer.client.get(url))).toEqual([reviewer.user.id]);

    await setVisibility(harness.context, reviewer.user.id, "custom", [strangerUser.id]);
    expect(visitorsOf(await stranger.get(url))).toEqual([reviewer.user.id]);
    expect(visitorsOf(await follower.get(url))).toEqual([]);
  });

  it("hides the check-ins of an account being deleted, and of one that hides its activity", async () => {
    const { owner, business, url, reviewer } = await reviewedBusiness();
    const quiet = await buildUser(harness.app);
    await checkInAt(quiet.client, owner, business.id, { rating: 5, review: "Lovely" });
    const { client: viewer } = await buildUser(harness.app);
    expect(visitorsOf(await viewer.get(url))).toEqual([quiet.user.id, reviewer.user.id]);

    expect((await reviewer.client.post("/api/users/delete")).statusCode).toBe(200);
    expect((await quiet.client.patch("/api/users/preferences", { showRecentActivity: false })).statusCode).toBe(200);
    expect(visitorsOf(await viewer.get(url))).toEqual([]);
    expect(visitorsOf(await owner.get(url))).toEqual([]);
    expect(visitorsOf(await quiet.client.get(url))).toEqual([quiet.user.id]);
  });
});
