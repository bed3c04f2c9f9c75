import type { RedemptionView } from "@plaza/contracts/coupons";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBusiness, checkInAt } from "../../../test/factories/businesses";
import { buildUser } from "../../../test/factories/users";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";

let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());

const DAY_MS = 24 * 60 * 60 * 1000;

describe("GET /api/coupons/redemptions/mine: My coupons", () => {
  it("lists the viewer's codes newest first, paged, each ready, used or expired (from the app clock)", async () => {
    const { client: customer } = await buildUser(harness.app);
    const inTwoDays = new Date(harness.clock.now().getTime() + 2 * DAY_MS).toISOString();
    const made: { businessName: string; code: string; owner: TestClient }[] = [];
    for (const expiresAt of [null, inTwoDays, null]) {
      const { owner, business, coupon } = await buildBusiness(harness.app, { publish: true, coupon: { expiresAt } });
      if (!coupon) throw new Error("coupon missing");
      await checkInAt(customer, owner, business.id);
      const redeemed = await customer.post(`/api/coupons/${coupon.id}/redeem`);
      expect(redeemed.statusCode).toBe(201);
      made.push({ businessName: business.name, code: redeemed.json().code, owner });
      harness.clock.advance(1000);
    }
    const [plain, expiring, used] = made;
    if (!plain || !expiring || !used) throw new Error("setup failed");
    expect((await used.owner.post("/api/coupon-redemptions/mark-used", { code: used.code })).statusCode).toBe(200);

    const read = async () =>
      (await customer.get("/api/coupons/redemptions/mine?limit=10")).json<RedemptionView[]>().map((r) => ({
        code: r.code,
        state: r.state,
        businessName: r.businessName,
      }));
    expect(await read()).toEqual([
      { code: used.code, state: "used", businessName: used.businessName },
      { code: expiring.code, state: "ready", businessName: expiring.businessName },
      { code: plain.code, state: "ready", businessName: plain.businessName },
    ]);

    harness.clock.advance(3 * DAY_MS);
    expect((await read()).map((row) => row.state)).toEqual(["used", "expired", "ready"]);

    const first = await customer.get("/api/coupons/redemptions/mine?limit=2");
    const cursor = first.headers["x-next-cursor"];
    expect(typeof cursor).toBe("string");
    const second = await customer.get(`/api/coupons/redemptions/mine?limit=2&cursor=${cursor}`);
    expect(second.json<RedemptionView[]>().map((r) => r.code)).toEqual([plain.code]);
    expect(second.headers["x-next-cursor"]).toBeUndefined();

    const { client: other } = await buildUser(harness.app);
    expect((await other.get("/api/coupons/redemptions/mine")).json()).toEqual([]);
    expect((await new TestClient(harness.app).get("/api/coupons/redemptions/mine")).statusCode).toBe(401);
  });
});
