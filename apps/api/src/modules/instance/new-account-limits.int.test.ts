import { NEW_ACCOUNT_LIMITS } from "@plaza/contracts/instance";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../../test/factories/users";
import { buildTestApp, type TestApp, type TestClient } from "../../../test/test-app";

const HOUR_MS = 60 * 60 * 1000;
let harness: TestApp;
let admin: TestClient;

beforeAll(async () => {
  harness = await buildTestApp({ SUPERUSER_EMAILS: "mayor@example.test" });
  admin = (await buildUser(harness.app, { email: "mayor@example.test" })).client;
  // The test app turns the limits off (NEW_ACCOUNT_HOURS=0); the instance setting turns them on.
  expect((await admin.patch("/api/admin/instance", { newAccountHours: 24 })).statusCode).toBe(200);
  // Room for a loaded machine: the app, a template database copy and two sign-ups.
}, 180_000);
afterAll(() => harness.close());

/** A new account (made now, on the test clock). */
const newcomer = async () => buildUser(harness.app);

describe("new accounts (younger than the instance's newAccountHours)", () => {
  it("put at most 2 links in a post (403 saying until when); older accounts any number", async () => {
    const { client } = await newcomer();
    const three = "See https://a.test, https://b.test and www.c.test";
    const refused = await client.post("/api/posts", { content: three });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(
      /^New accounts can put at most 2 links in a post\. This limit ends on .+ UTC\.$/,
    );
    // The test clock starts on 1 June 2026 at 12:00 UTC: the account stops being new a day later.
    expect(refused.json().message).toContain("Tuesday 2 June, 12:00 UTC");
    expect((await client.post("/api/posts", { content: "Two: https://a.test https://b.test" })).statusCode).toBe(201);
    harness.clock.advance(24 * HOUR_MS + 1000);
    expect((await client.post("/api/posts", { content: three })).statusCode).toBe(201);
  });

  it("publish at most 10 posts an hour (429 saying when), then again after the hour", async () => {
    const { client } = await newcomer();
    for (let post = 0; post < NEW_ACCOUNT_LIMITS.postsPerHour; post += 1) {
      expect((await client.post("/api/posts", { content: `post ${post}` })).statusCode).toBe(201);
    }
    const refused = await client.post("/api/posts", { content: "one more" });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^New accounts can publish at most 10 posts an hour\. You can post again on /,
    );
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    harness.clock.advance(HOUR_MS);
    expect((await client.post("/api/posts", { content: "later" })).statusCode).toBe(201);
  });

  it("write at most 20 comments an hour", { timeout: 120_000 }, async () => {
    const { client } = await newcomer();
    const { id } = (await admin.post("/api/posts", { content: "Talk here" })).json();
    for (let comment = 0; comment < NEW_ACCOUNT_LIMITS.commentsPerHour; comment += 1) {
      expect((await client.post(`/api/posts/${id}/comments`, { content: `c${comment}` })).statusCode).toBe(201);
    }
    const refused = await client.post(`/api/posts/${id}/comments`, { content: "more" });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^New accounts can write at most 20 comments an hour/);
  });

  // 21 accounts to follow: each sign-up hashes a password.
  it("follow at most 20 people an hour", { timeout: 180_000 }, async () => {
    const { client } = await newcomer();
    const people = [];
    for (let person = 0; person <= NEW_ACCOUNT_LIMITS.followsPerHour; person += 1) people.push(await newcomer());
    for (const person of people.slice(0, NEW_ACCOUNT_LIMITS.followsPerHour)) {
      expect((await client.post("/api/follows", { followingId: person.user.id })).statusCode).toBe(200);
    }
    const last = people.at(-1);
    const refused = await client.post("/api/follows", { followingId: last?.user.id });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^New accounts can follow at most 20 people an hour/);
  });

  it("message only people who follow them (403 saying until when)", async () => {
    const sender = await newcomer();
    const stranger = await newcomer();
    const refused = await sender.client.post("/api/messages", { recipientId: stranger.user.id, content: "hi" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(
      /^New accounts can only message people who follow them\. This limit ends on /,
    );
    expect((await stranger.client.post("/api/follows", { followingId: sender.user.id })).statusCode).toBe(200);
    expect(
      (await sender.client.post("/api/messages", { recipientId: stranger.user.id, content: "hi" })).statusCode,
    ).toBe(201);
  });
});
