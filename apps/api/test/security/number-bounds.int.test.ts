import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUSINESS_POSITION, buildBusiness } from "../factories/businesses";
import { buildPost } from "../factories/posts";
import { buildUser } from "../factories/users";
import { buildTestApp, type TestApp } from "../test-app";

/**
 * Every number in a body has an upper bound (docs/PRODUCT.md "Fidelity fixes"): a coupon's `discountValue` of 1e300 used
 * to overflow its numeric column and answer 500. Extreme numbers anywhere are a 400 with a clear message.
 */
let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());

const EXTREMES = [1e300, -1e300, 1e-300, Number.MAX_SAFE_INTEGER, 2 ** 63, -(2 ** 63)];

describe("coupon numbers", () => {
  it("a discount value or redemption cap beyond its bound is a 400 that says the bound", async () => {
    const { owner, business } = await buildBusiness(harness.app);
    const valid = { businessId: business.id, title: "Deal", discountType: "fixed", discountValue: 5 };
    const huge = await owner.post("/api/coupons", { ...valid, discountValue: 1e300 });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toBe("Discount value must be at most 10,000");
    expect(huge.json().errors[0].path).toBe("discountValue");
    const cap = await owner.post("/api/coupons", { ...valid, maxRedemptions: 2 ** 40 });
    expect(cap.statusCode).toBe(400);
    expect(cap.json().message).toBe("Max redemptions must be at most 1,000,000");
    const infinite = await owner.request({
      method: "POST",
      url: "/api/coupons",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ ...valid, discountValue: 1 }).replace('"discountValue":1', '"discountValue":1e999'),
    });
    expect(infinite.statusCode).toBe(400);

    const created = await owner.post("/api/coupons", { ...valid, discountValue: 10_000, maxRedemptions: 1_000_000 });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    for (const value of EXTREMES) {
      const patched = await owner.patch(`/api/coupons/${id}`, { discountValue: value, maxRedemptions: value });
      expect(patched.statusCode, String(value)).toBe(400);
    }
    const tiny = await owner.patch(`/api/coupons/${id}`, { discountValue: 1e-300 });
    expect(tiny.statusCode).toBe(200);
    expect(tiny.json().discountValue).toBe(0);
  });
});

describe("every other number in a body or query", () => {
  it("answers a 4xx, never a 5xx, for extreme values", async () => {
    const creator = await buildUser(harness.app, { profileType: "creator" });
    const fan = await buildUser(harness.app);
    const post = await buildPost(creator.client);
    const { business } = await buildBusiness(harness.app, { publish: true });
    for (const value of EXTREMES) {
      const requests: [string, string, unknown][] = [
        ["POST", "/api/tips", { receiverId: creator.user.id, amount: value }],
        ["POST", "/api/ppv-unlocks", { postId: post.id, amount: value }],
        ["PATCH", "/api/users/subscription-price", { price: value }],
        ["POST", "/api/posts", { title: "P", content: "C", postType: "premium", price: value }],
        ["POST", "/api/posts", { content: "C", location: { latitude: value, longitude: value } }],
        [
          "POST",
          `/api/businesses/${business.id}/checkins`,
          { ...BUSINESS_POSITION, visitCode: "000000", rating: value, review: "ok" },
        ],
        ["GET", `/api/posts/feed?limit=${value}&latitude=${value}&longitude=${value}&radius=${value}`, undefined],
        ["GET", `/api/businesses?latitude=${value}&longitude=${value}&limit=${value}`, undefined],
        ["GET", `/api/search?q=a&limit=${value}`, undefined],
      ];
      for (const [method, url, payload] of requests) {
        const client = url.includes("subscription-price") ? creator.client : fan.client;
        const response = await client.request({
          method: method as "POST",
          url,
          headers: { "idempotency-key": randomUUID() },
          ...(payload === undefined ? {} : { payload: payload as object }),
        });
        expect(response.statusCode, `${method} ${url} ${value}`).toBeLessThan(500);
        if (value !== 1e-300) expect(response.statusCode, `${method} ${url} ${value}`).toBe(400);
      }
    }
  });
});
