import type { CheckinView } from "@plaza/contracts/checkins";
import {
  COUPON_MESSAGES,
  type CouponView,
  PERK_REPORT_WEEKS,
  type RedemptionWeeksView,
} from "@plaza/contracts/coupons";
import type { PartnerRedemptionsView } from "@plaza/contracts/partnerships";
import { displayName } from "@plaza/contracts/users";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBusiness, checkInAt } from "../../../test/factories/businesses";
import { buildUser } from "../../../test/factories/users";
import { buildTestApp, type TestApp, type TestClient } from "../../../test/test-app";

let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const key = () => ({ "idempotency-key": crypto.randomUUID() });

async function partnerPerk() {
  const shop = await buildBusiness(harness.app, { publish: true });
  const creator = await buildUser(harness.app, { profileType: "creator", firstName: "Maya", lastName: "Lens" });
  const invited = await shop.owner.post("/api/partnerships", {
    businessId: shop.business.id,
    creatorId: creator.user.id,
  });
  expect((await creator.client.post(`/api/partnerships/${invited.json<{ id: string }>().id}/accept`)).statusCode).toBe(
    200,
  );
  const perkResponse = await shop.owner.post("/api/coupons", {
    businessId: shop.business.id,
    title: "15% off for subscribers",
    discountType: "percentage",
    discountValue: 15,
    partnerCreatorId: creator.user.id,
  });
  expect(perkResponse.statusCode).toBe(201);
  return { shop, creator, perk: perkResponse.json<CouponView>() };
}

/** Everything the owner's dashboard can read about the perk's redemptions, as text with any times in it. */
async function readWhatTheOwnerSees(owner: TestClient, businessId: string, perkId: string) {
  const coupons = (await owner.get(`/api/businesses/${businessId}/coupons`)).json<CouponView[]>();
  const list = await owner.get(`/api/coupons/${perkId}/redemptions`);
  const weeks = await owner.get(`/api/coupons/${perkId}/redemption-weeks`);
  const partners = await owner.get(`/api/businesses/${businessId}/partner-redemptions`);
  expect(weeks.statusCode).toBe(200);
  expect(partners.statusCode).toBe(200);
  return {
    count: coupons.find((coupon) => coupon.id === perkId)?.currentRedemptions,
    list,
    weeks: weeks.json<RedemptionWeeksView>(),
    partner: partners.json<PartnerRedemptionsView>()[0]?.redemptions,
  };
}

/** Days (YYYY-MM-DD) and instants in a text, as the owner would pick them out to join with the check-ins. */
function timesIn(text: string): string[] {
  return text.match(/\d{4}-\d{2}-\d{2}(T[\d:.]+Z)?/g) ?? [];
}

describe("a perk's redemptions cannot be tied to the named check-ins (k-anonymous, issue 52)", () => {
  it("on a day with one named check-in, nothing the owner reads (list, weeks, counts, polling) pins the redemption on them", async () => {
    const { shop, creator, perk } = await partnerPerk();
    const fan = await buildUser(harness.app, { firstName: "Quinn", lastName: "Fanward" });
    expect((await fan.client.post("/api/subscriptions", { creatorId: creator.user.id }, key())).statusCode).toBe(201);
    harness.clock.advance(2 * DAY_MS);
    const before = await readWhatTheOwnerSees(shop.owner, shop.business.id, perk.id);
    // The day's one visitor checks in and redeems the perk 18 ms later.
    await checkInAt(fan.client, shop.owner, shop.business.id);
    harness.clock.advance(18);
    expect((await fan.client.post(`/api/coupons/${perk.id}/redeem`)).statusCode).toBe(201);
    const after = await readWhatTheOwnerSees(shop.owner, shop.business.id, perk.id);

    const checkins = (await shop.owner.get(`/api/businesses/${shop.business.id}/checkins`)).json<CheckinView[]>();
    expect(checkins.map((checkin) => displayName(checkin.user))).toEqual(["Quinn Fanward"]);
    const dayOfTheVisit = checkins[0]?.checkedInAt.slice(0, 10);

    // The join: any redemption time the owner can read that falls on the day (or moment) of the one named check-in.
    expect(after.list.statusCode).toBe(409);
    expect(after.list.json()).toMatchObject({ message: COUPON_MESSAGES.perkCountedPerWeek });
    const joined = timesIn(after.list.body).filter((time) => time.slice(0, 10) === dayOfTheVisit);
    expect(joined).toEqual([]);
    // Polling: nothing moved at the moment of the redemption.
    expect(after.count).toBe(before.count);
    expect(after.partner).toBe(before.partner);
    expect(after.weeks).toEqual(before.weeks);

    // After the week ends, its single redemption stays hidden among "fewer than 5" (as would a week of none).
    harness.clock.advance(7 * DAY_MS);
    const later = await readWhatTheOwnerSees(shop.owner, shop.business.id, perk.id);
    expect(later.weeks).toHaveLength(PERK_REPORT_WEEKS);
    expect(later.weeks.every((week) => week.redemptions === null)).toBe(true);
    expect(later.count).toBe(0);
    expect(later.partner).toBeNull();
  });

  it("shows a completed week's count from 5 on, and only once the week is over", async () => {
    const { shop, creator, perk } = await partnerPerk();
    // Move to the next Monday 09:00 UTC, so the five visits below fall in one week.
    const now = harness.clock.now();
    const toMonday = ((8 - now.getUTCDay()) % 7 || 7) * DAY_MS;
    const nextMonday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + toMonday + 9 * HOUR_MS;
    harness.clock.advance(nextMonday - now.getTime());
    const monday = harness.clock.now().toISOString().slice(0, 10);
    for (let index = 0; index < 5; index += 1) {
      const fan = await buildUser(harness.app);
      expect((await fan.client.post("/api/subscriptions", { creatorId: creator.user.id }, key())).statusCode).toBe(201);
      await checkInAt(fan.client, shop.owner, shop.business.id);
      expect((await fan.client.post(`/api/coupons/${perk.id}/redeem`)).statusCode).toBe(201);
      harness.clock.advance(DAY_MS);
    }
    const during = await readWhatTheOwnerSees(shop.owner, shop.business.id, perk.id);
    expect(during.count).toBe(0);
    expect(during.partner).toBeNull();
    expect(during.weeks.find((week) => week.weekStart === monday)).toBeUndefined();

    harness.clock.advance(3 * DAY_MS);
    const after = await readWhatTheOwnerSees(shop.owner, shop.business.id, perk.id);
    expect(after.weeks[0]).toEqual({ weekStart: monday, redemptions: 5 });
    expect(after.count).toBe(5);
    expect(after.partner).toBe(5);
    // Strangers to the business read the same coarse count on its page.
    const stranger = await buildUser(harness.app);
    const seen = (await stranger.client.get(`/api/businesses/${shop.business.id}/coupons`)).json<CouponView[]>();
    expect(seen.find((coupon) => coupon.id === perk.id)?.currentRedemptions).toBe(5);
    expect((await stranger.client.get(`/api/coupons/${perk.id}/redemption-weeks`)).statusCode).toBe(403);
  });

  it("an ordinary coupon's redemptions keep their instants and names", async () => {
    const shop = await buildBusiness(harness.app, { publish: true });
    const customer = await buildUser(harness.app);
    await checkInAt(customer.client, shop.owner, shop.business.id);
    expect((await customer.client.post(`/api/coupons/${shop.coupon?.id}/redeem`)).statusCode).toBe(201);
    const listed = await shop.owner.get(`/api/coupons/${shop.coupon?.id}/redemptions`);
    expect(listed.json()).toMatchObject([
      { redeemedAt: harness.clock.now().toISOString(), user: { username: customer.user.username } },
    ]);
    const [coupon] = (await shop.owner.get(`/api/businesses/${shop.business.id}/coupons`)).json<CouponView[]>();
    expect(coupon?.currentRedemptions).toBe(1);
  });
});
