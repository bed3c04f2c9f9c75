import { PAYMENT_MESSAGES } from "@plaza/contracts/payments";
import type { PostView } from "@plaza/contracts/posts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPost } from "../../../test/factories/posts";
import { buildUser } from "../../../test/factories/users";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";
import { users } from "../../db/schema/users";
import { renewDueSubscriptions } from "./subscriptions.service";

/**
 * L10 "entitlement = payment": a paid post's content leaves the server exactly when the viewer unlocked it or
 * holds a paid subscription period, read through the posts API (the posts presenter reads our tables).
 */
let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());

const key = () => ({ "idempotency-key": crypto.randomUUID() });
const DAY_MS = 24 * 60 * 60 * 1000;
const SECRET = "The secret recipe is 42 grams of patience and a long walk in the rain before dinner time.";

async function readPost(client: TestClient, id: string): Promise<PostView> {
  const response = await client.get(`/api/posts/${id}`);
  expect(response.statusCode).toBe(200);
  return response.json<PostView>();
}

describe("paid posts come back unlocked after payment", () => {
  it("a pay-per-view post is locked until the viewer unlocks it at its price", async () => {
    const { client: author } = await buildUser(harness.app, { profileType: "creator" });
    const { client: fan } = await buildUser(harness.app);
    const post = await buildPost(author, { postType: "ppv", price: 3.5, content: SECRET });
    const locked = await readPost(fan, post.id);
    expect(locked).toMatchObject({ isLocked: true, postType: "ppv" });
    expect(locked.content).not.toBe(SECRET);
    const unlock = await fan.post("/api/ppv-unlocks", { postId: post.id, amount: locked.price }, key());
    expect(unlock.statusCode).toBe(201);
    expect(unlock.json().amountCents).toBe(350);
    const open = await readPost(fan, post.id);
    expect(open).toMatchObject({ isLocked: false, content: SECRET });
  });

  it("a subscriber post opens with a subscription, stays open after cancelling until the period ends", async () => {
    const creatorAccount = await buildUser(harness.app, { profileType: "creator" });
    const fanAccount = await buildUser(harness.app);
    const post = await buildPost(creatorAccount.client, { postType: "subscriber", content: SECRET });
    expect((await readPost(fanAccount.client, post.id)).isLocked).toBe(true);
    const subscribed = await fanAccount.client.post("/api/subscriptions", { creatorId: creatorAccount.user.id }, key());
    expect(subscribed.statusCode).toBe(201);
    expect(await readPost(fanAccount.client, post.id)).toMatchObject({ isLocked: false, content: SECRET });
    expect((await fanAccount.client.delete(`/api/subscriptions/${creatorAccount.user.id}`)).statusCode).toBe(200);
    expect((await readPost(fanAccount.client, post.id)).isLocked).toBe(false);

    harness.clock.advance(32 * DAY_MS);
    await renewDueSubscriptions(harness.context);
    const again = new TestClient(harness.app);
    await again.post("/api/auth/login", { email: fanAccount.user.email, password: fanAccount.password });
    expect((await readPost(again, post.id)).isLocked).toBe(true);
  });

  it("refuses to sell a private author's post to someone who may not see it", async () => {
    const { client: author, user } = await buildUser(harness.app, { profileType: "creator" });
    const { client: stranger } = await buildUser(harness.app);
    const post = await buildPost(author, { postType: "ppv", price: 2 });
    await harness.context.db.update(users).set({ accountVisibility: "private" }).where(eq(users.id, user.id));
    const response = await stranger.post("/api/ppv-unlocks", { postId: post.id, amount: 2 }, key());
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(PAYMENT_MESSAGES.unlockBlocked);
  });
});
