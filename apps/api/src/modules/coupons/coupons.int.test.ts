import { BUSINESS_MESSAGES } from "@plaza/contracts/businesses";
import { COUPON_MESSAGES, type CouponView } from "@plaza/contracts/coupons";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBusiness, checkInAt } from "../../../test/factories/businesses";
import { buildUser } from "../../../test/factories/users";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";
import { coupons } from "../../db/schema/coupons";
import { notifications } from "../../db/schema/notifications";

let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());

const anonymous = () => new TestClient(harness.app);
const MISSING_ID = "00000000-0000-4000-8000-000000000000";
const DAY_MS = 24 * 60 * 60 * 1000;

describe("POST /api/coupons", () => {
  it("401, 400 with the rule's messages, 403 for another business, then 201 with a generated code", async () => {
    const { owner, business } = await buildBusiness(harness.app);
    const valid = { businessId: business.id, title: "20% off", discountType: "percentage", discountValue: 20 };
    expect((await anonymous().post("/api/coupons", valid)).statusCode).toBe(401);
    const noTitle = await owner.post("/api/coupons", { ...valid, title: "" });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().message).toBe("Title is required");
    const noValue = await owner.post("/api/coupons", { ...valid, discountValue: undefined });
    expect(noValue.json().message).toBe("Discount value is required");
    const fractional = await owner.post("/api/coupons", { ...valid, maxRedemptions: 2.5 });
    expect(fractional.json().message).toBe("Max redemptions must be a whole number");
    const overHundred = await owner.post("/api/coupons", { ...valid, discountValue: 150 });
    expect(overHundred.json().message).toBe("A percentage discount is at most 100");

    const { client: stranger } = await buildUser(harness.app, { profileType: "business" });
    const refused = await stranger.post("/api/coupons", valid);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(BUSINESS_MESSAGES.notOwner);
    expect(await harness.context.db.select().from(coupons).where(eq(coupons.businessId, business.id))).toHaveLength(0);

    const created = await owner.post("/api/coupons", { ...valid, currentRedemptions: 7 });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      title: "20% off",
      discountValue: 20,
      currentRedemptions: 0,
      maxRedemptions: null,
      isActive: true,
      expiresAt: null,
    });
    expect(created.json().code).toMatch(/^[A-Z0-9]{8}$/);
    const named = await owner.post("/api/coupons", { ...valid, code: "summer24", maxRedemptions: 10 });
    expect(named.json()).toMatchObject({ code: "SUMMER24", maxRedemptions: 10 });
    const duplicate = await owner.post("/api/coupons", { ...valid, code: "SUMMER24" });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe(COUPON_MESSAGES.codeTaken);
  });
});

describe("PATCH and DELETE /api/coupons/{id}", () => {
  it("401, 400, 403 for others, then edits and deletes", async () => {
    const { owner, coupon } = await buildBusiness(harness.app, { coupon: { maxRedemptions: 5 } });
    if (!coupon) throw new Error("coupon missing");
    const url = `/api/coupons/${coupon.id}`;
    expect((await anonymous().patch(url, { title: "X" })).statusCode).toBe(401);
    expect((await anonymous().delete(url)).statusCode).toBe(401);
    expect((await owner.patch(url, { title: "" })).json().message).toBe("Title is required");
    expect((await owner.patch(url, { currentRedemptions: 0 })).statusCode).toBe(400);
    expect((await owner.patch("/api/coupons/nope", { title: "X" })).statusCode).toBe(400);

    const { client: stranger } = await buildUser(harness.app, { profileType: "business" });
    expect((await stranger.patch(url, { title: "Mine now" })).statusCode).toBe(403);
    const refusedDelete = await stranger.delete(url);
    expect(refusedDelete.statusCode).toBe(403);
    expect(refusedDelete.json().message).toBe(BUSINESS_MESSAGES.notOwner);

    const edited = await owner.patch(url, {
      title: "Two for one",
      isActive: false,
      expiresAt: "2030-01-01T00:00:00.000Z",
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      title: "Two for one",
      isActive: false,
      expiresAt: "2030-01-01T00:00:00.000Z",
    });
    expect((await owner.delete(url)).statusCode).toBe(204);
    expect((await owner.delete(url)).statusCode).toBe(404);
    expect((await owner.patch(`/api/coupons/${MISSING_ID}`, { title: "X" })).statusCode).toBe(404);
  });
});

describe("GET /api/businesses/{id}/coupons and /api/coupons/active", () => {
  it("lists a business's coupons, and only usable coupons of published businesses as active", async () => {
    const live = await buildBusiness(harness.app, { publish: true });
    const draft = await buildBusiness(harness.app, { coupon: {} });
    const expired = await live.owner.post("/api/coupons", {
      businessId: live.business.id,
      title: "Old deal",
      discountValue: 5,
      discountType: "fixed",
      expiresAt: new Date(harness.clock.now().getTime() - 1000).toISOString(),
    });
    const inactive = await live.owner.post("/api/coupons", {
      businessId: live.business.id,
      title: "Paused",
      discountValue: 5,
    });
    await live.owner.patch(`/api/coupons/${inactive.json().id}`, { isActive: false });
    const { client: customer } = await buildUser(harness.app);

    expect((await anonymous().get(`/api/businesses/${live.business.id}/coupons`)).statusCode).toBe(401);
    expect((await customer.get("/api/businesses/x/coupons")).statusCode).toBe(400);
    expect((await customer.get(`/api/businesses/${draft.business.id}/coupons`)).statusCode).toBe(404);
    const listed = await customer.get(`/api/businesses/${live.business.id}/coupons`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toHaveLength(3);

    expect((await anonymous().get("/api/coupons/active")).statusCode).toBe(401);
    const active = (await customer.get("/api/coupons/active?limit=100")).json() as {
      id: string;
      businessName: string;
    }[];
    const activeIds = active.map((item) => item.id);
    expect(activeIds).toContain(live.coupon?.id);
    expect(activeIds).not.toContain(draft.coupon?.id);
    expect(activeIds).not.toContain(expired.json().id);
    expect(activeIds).not.toContain(inactive.json().id);
    expect(active.find((item) => item.id === live.coupon?.id)?.businessName).toBe(live.business.name);
  });
});

describe("POST /api/coupons/{id}/redeem", () => {
  it("401, 400, 403 without a verified check-in in the last 24 h, 201 with a personal code, 409 twice", async () => {
    const { owner, ownerId, business, coupon } = await buildBusiness(harness.app, { publish: true });
    if (!coupon) throw new Error("coupon missing");
    const url = `/api/coupons/${coupon.id}/redeem`;
    const { client: customer, user } = await buildUser(harness.app);
    expect((await anonymous().post(url)).statusCode).toBe(401);
    expect((await customer.post("/api/coupons/nope/redeem")).statusCode).toBe(400);
    const noCheckin = await customer.post(url);
    expect(noCheckin.statusCode).toBe(403);
    expect(noCheckin.json().message).toBe(COUPON_MESSAGES.checkInRequired);

    await checkInAt(customer, owner, business.id);
    harness.clock.advance(DAY_MS + 1000);
    const stale = await customer.post(url);
    expect(stale.statusCode).toBe(403);

    await checkInAt(customer, owner, business.id);
    const redeemed = await customer.post(url);
    expect(redeemed.statusCode).toBe(201);
    expect(redeemed.json()).toMatchObject({ couponId: coupon.id, userId: user.id, usedAt: null });
    expect(redeemed.json().code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{6}$/);
    const again = await customer.post(url);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(COUPON_MESSAGES.alreadyRedeemed);

    const [notification] = await harness.context.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ownerId), eq(notifications.type, "coupon_redeemed")));
    expect(notification).toMatchObject({ actorId: user.id, entityId: coupon.id });
  });

  it("never past maxRedemptions or expiresAt, and not while inactive", async () => {
    const { owner, business, coupon } = await buildBusiness(harness.app, {
      publish: true,
      coupon: { maxRedemptions: 1, expiresAt: new Date(harness.clock.now().getTime() + 3 * DAY_MS).toISOString() },
    });
    if (!coupon) throw new Error("coupon missing");
    const customers = await Promise.all([1, 2, 3].map(() => buildUser(harness.app)));
    for (const customer of customers) await checkInAt(customer.client, owner, business.id);
    const [first, second, third] = customers;
    if (!first || !second || !third) throw new Error("customers missing");
    expect((await first.client.post(`/api/coupons/${coupon.id}/redeem`)).statusCode).toBe(201);
    const soldOut = await second.client.post(`/api/coupons/${coupon.id}/redeem`);
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json().message).toBe(COUPON_MESSAGES.soldOut);

    const other = await owner.post("/api/coupons", {
      businessId: business.id,
      title: "Soon over",
      discountValue: 1,
      expiresAt: new Date(harness.clock.now().getTime() + 60_000).toISOString(),
    });
    await owner.patch(`/api/coupons/${other.json().id}`, { isActive: false });
    const inactive = await second.client.post(`/api/coupons/${other.json().id}/redeem`);
    expect(inactive.json().message).toBe(COUPON_MESSAGES.inactive);
    await owner.patch(`/api/coupons/${other.json().id}`, { isActive: true });
    harness.clock.advance(120_000);
    const expired = await third.client.post(`/api/coupons/${other.json().id}/redeem`);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toBe(COUPON_MESSAGES.expired);
    const [row] = await harness.context.db.select().from(coupons).where(eq(coupons.id, other.json().id));
    expect(row?.currentRedemptions).toBe(0);
  });
});

describe("redemptions at the till", () => {
  it("owner lists redemptions (403 for others), marks a code used once (409 twice), customer sees theirs", async () => {
    const { owner, business, coupon } = await buildBusiness(harness.app, { publish: true });
    if (!coupon) throw new Error("coupon missing");
    const { client: customer, user } = await buildUser(harness.app);
    await checkInAt(customer, owner, business.id);
    const { code } = (await customer.post(`/api/coupons/${coupon.id}/redeem`)).json();

    const listUrl = `/api/coupons/${coupon.id}/redemptions`;
    expect((await anonymous().get(listUrl)).statusCode).toBe(401);
    expect((await owner.get(`${listUrl}?limit=abc`)).statusCode).toBe(400);
    expect((await customer.get(listUrl)).statusCode).toBe(403);
    const listed = await owner.get(listUrl);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([expect.objectContaining({ code, user: expect.objectContaining({ id: user.id }) })]);

    expect((await anonymous().post("/api/coupon-redemptions/mark-used", { code })).statusCode).toBe(401);
    const blank = await owner.post("/api/coupon-redemptions/mark-used", { code: "" });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe("Enter the customer's code");
    expect((await customer.post("/api/coupon-redemptions/mark-used", { code })).statusCode).toBe(403);
    const other = await buildBusiness(harness.app);
    const foreign = await other.owner.post("/api/coupon-redemptions/mark-used", { code });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(COUPON_MESSAGES.redemptionNotFound);
    const marked = await owner.post("/api/coupon-redemptions/mark-used", { code: code.toLowerCase() });
    expect(marked.statusCode).toBe(200);
    expect(marked.json().usedAt).toBe(harness.clock.now().toISOString());
    const twice = await owner.post("/api/coupon-redemptions/mark-used", { code });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(COUPON_MESSAGES.alreadyUsed);

    expect((await anonymous().get("/api/coupons/redemptions/mine")).statusCode).toBe(401);
    const mine = await customer.get("/api/coupons/redemptions/mine");
    expect(mine.json()).toEqual([
      expect.objectContaining({ code, couponTitle: coupon.title, businessName: business.name }),
    ]);
  });
});

describe("canRedeem and redeemBlockedReason on coupon lists", () => {
  it("say, for the signed-in viewer, what a redemption would answer: check-in, redeemed, expired", async () => {
    const { owner, business, coupon } = await buildBusiness(harness.app, { publish: true });
    if (!coupon) throw new Error("coupon missing");
    const { client: customer } = await buildUser(harness.app);
    const seen = async () => {
      const listed = (await customer.get(`/api/businesses/${business.id}/coupons`)).json<CouponView[]>();
      const active = (await customer.get("/api/coupons/active?limit=100")).json<CouponView[]>();
      const fromActive = active.find((candidate) => candidate.id === coupon.id);
      const fromBusiness = listed.find((candidate) => candidate.id === coupon.id);
      expect(fromActive).toEqual(fromBusiness);
      return { canRedeem: fromBusiness?.canRedeem, reason: fromBusiness?.redeemBlockedReason };
    };

    expect(await seen()).toEqual({ canRedeem: false, reason: COUPON_MESSAGES.checkInRequired });
    await checkInAt(customer, owner, business.id);
    expect(await seen()).toEqual({ canRedeem: true, reason: null });
    expect((await customer.post(`/api/coupons/${coupon.id}/redeem`)).statusCode).toBe(201);
    expect(await seen()).toEqual({ canRedeem: false, reason: COUPON_MESSAGES.alreadyRedeemed });

    const { client: other } = await buildUser(harness.app);
    await checkInAt(other, owner, business.id);
    const expiresAt = new Date(harness.clock.now().getTime() + 60_000).toISOString();
    const soon = await owner.post("/api/coupons", {
      businessId: business.id,
      title: "Soon gone",
      discountValue: 5,
      expiresAt,
    });
    harness.clock.advance(120_000);
    const [expired] = (await other.get(`/api/businesses/${business.id}/coupons`))
      .json<CouponView[]>()
      .filter((candidate) => candidate.id === soon.json().id);
    expect(expired).toMatchObject({ canRedeem: false, redeemBlockedReason: COUPON_MESSAGES.expired });
    // The refused redemption answers with the same words.
    const refused = await other.post(`/api/coupons/${soon.json().id}/redeem`);
    expect(refused.json().message).toBe(COUPON_MESSAGES.expired);
  });
});

describe("the viewer's redemption on coupon lists", () => {
  it("carries their till code and times to them after redeeming, and to nobody else", async () => {
    const { owner, business, coupon } = await buildBusiness(harness.app, { publish: true });
    if (!coupon) throw new Error("coupon missing");
    const { client: customer } = await buildUser(harness.app);
    const { client: other } = await buildUser(harness.app);
    const seenBy = async (client: TestClient) => {
      const listed = await client.get(`/api/businesses/${business.id}/coupons`);
      expect(listed.statusCode).toBe(200);
      return listed.json<CouponView[]>().find((candidate) => candidate.id === coupon.id);
    };
    expect((await seenBy(customer))?.viewerRedemption).toBeNull();

    await checkInAt(customer, owner, business.id);
    const redeemed = await customer.post(`/api/coupons/${coupon.id}/redeem`);
    expect(redeemed.statusCode).toBe(201);
    const { code, redeemedAt } = redeemed.json();

    // What a reload reads: the coupon's own code stays the coupon's, the till code comes with it.
    expect(await seenBy(customer)).toMatchObject({
      code: coupon.code,
      viewerRedemption: { code, redeemedAt, usedAt: null },
    });
    const active = (await customer.get("/api/coupons/active?limit=100")).json<CouponView[]>();
    expect(active.find((candidate) => candidate.id === coupon.id)?.viewerRedemption?.code).toBe(code);
    expect((await seenBy(other))?.viewerRedemption).toBeNull();
    expect((await seenBy(owner))?.viewerRedemption).toBeNull();

    harness.clock.advance(60_000);
    expect((await owner.post("/api/coupon-redemptions/mark-used", { code })).statusCode).toBe(200);
    expect((await seenBy(customer))?.viewerRedemption).toEqual({
      code,
      redeemedAt,
      usedAt: harness.clock.now().toISOString(),
    });
  });
});
