import { randomBytes } from "node:crypto";
import { COUPON_MESSAGES } from "@plaza/contracts/coupons";
import { DEFAULT_PREFERENCES } from "@plaza/contracts/users";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBusiness } from "../../../test/factories/businesses";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";
import { sessions } from "../../db/schema/auth";
import { couponRedemptions, coupons } from "../../db/schema/coupons";
import { users } from "../../db/schema/users";
import { hashSessionToken } from "../auth/auth.service";
import { insertCheckin } from "../businesses/businesses.repository";

/**
 * security-checklist §3: 200 concurrent redemptions of a coupon limited to K give exactly K successes, every run.
 * PGlite has a single connection and serialises everything, so this proves something only on PostgreSQL.
 */
const isPostgres = Boolean(process.env.TEST_DATABASE_URL);
const CUSTOMERS = 200;
const RUNS = Number(process.env.RACE_RUNS ?? 20);

describe.skipIf(!isPostgres)("coupon redemption race (PostgreSQL only: set TEST_DATABASE_URL to run it)", () => {
  let harness: TestApp;
  let businessId: string;
  let customers: TestClient[] = [];

  beforeAll(async () => {
    harness = await buildTestApp();
    const { business } = await buildBusiness(harness.app, { publish: true });
    businessId = business.id;
    const db = harness.context.db;
    const now = harness.clock.now();
    const tag = randomBytes(4).toString("hex");
    // 200 customers written straight to the database (no password hashing), each with a session and a check-in.
    const rows = await db
      .insert(users)
      .values(
        Array.from({ length: CUSTOMERS }, (_, index) => ({
          email: `race${tag}${index}@example.test`,
          passwordHash: "not-a-real-hash",
          username: `race_${tag}_${index}`,
          firstName: "Race",
          lastName: String(index),
          preferences: DEFAULT_PREFERENCES,
        })),
      )
      .returning({ id: users.id });
    const tokens = rows.map(() => randomBytes(32).toString("base64url"));
    await db.insert(sessions).values(
      rows.map((row, index) => ({
        id: hashSessionToken(tokens[index] ?? ""),
        userId: row.id,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + 86_400_000),
      })),
    );
    for (const row of rows) {
      await insertCheckin(db, {
        userId: row.id,
        businessId,
        distanceMeters: 0,
        checkedInAt: now,
      });
    }
    customers = tokens.map((token) => {
      const client = new TestClient(harness.app);
      client.cookie = `plaza_session=${token}`;
      return client;
    });
  }, 120_000);
  afterAll(() => harness?.close());

  async function newCoupon(maxRedemptions: number | null): Promise<string> {
    const [row] = await harness.context.db
      .insert(coupons)
      .values({
        businessId,
        code: randomBytes(4).toString("hex"),
        title: "Race",
        discountType: "fixed",
        discountValue: 1,
        maxRedemptions,
      })
      .returning({ id: coupons.id });
    if (!row) throw new Error("coupon insert failed");
    return row.id;
  }

  async function stateOf(couponId: string) {
    const [coupon] = await harness.context.db.select().from(coupons).where(eq(coupons.id, couponId));
    const [count] = await harness.context.db
      .select({
        redemptions: sql<number>`count(*)::int`,
        users: sql<number>`count(distinct ${couponRedemptions.userId})::int`,
      })
      .from(couponRedemptions)
      .where(eq(couponRedemptions.couponId, couponId));
    return { current: coupon?.currentRedemptions, redemptions: count?.redemptions, users: count?.users };
  }

  for (const limit of [1, 5, 50]) {
    it(`200 concurrent redemptions of a coupon limited to ${limit} give exactly ${limit} successes, ${RUNS} runs`, async () => {
      for (let run = 0; run < RUNS; run += 1) {
        const couponId = await newCoupon(limit);
        const responses = await Promise.all(
          customers.map((customer) => customer.post(`/api/coupons/${couponId}/redeem`)),
        );
        const successes = responses.filter((response) => response.statusCode === 201);
        const refusals = responses.filter((response) => response.statusCode === 409);
        expect(successes).toHaveLength(limit);
        expect(refusals).toHaveLength(CUSTOMERS - limit);
        expect(new Set(refusals.map((response) => response.json().message))).toEqual(
          new Set([COUPON_MESSAGES.soldOut]),
        );
        expect(await stateOf(couponId)).toEqual({ current: limit, redemptions: limit, users: limit });
      }
    }, 240_000);
  }

  it("negative control: a naive read-then-write redemption oversells, so the race test can catch the bug", async () => {
    const db = harness.context.db;
    const userIds = (await db.select({ id: users.id }).from(users).limit(CUSTOMERS)).map((row) => row.id);
    let worstOversell = 0;
    for (let run = 0; run < RUNS && worstOversell === 0; run += 1) {
      const couponId = await newCoupon(5);
      await Promise.all(
        userIds.map((userId) =>
          db.transaction(async (tx) => {
            const [coupon] = await tx.select().from(coupons).where(eq(coupons.id, couponId));
            if (!coupon || coupon.currentRedemptions >= 5) return;
            await tx
              .update(coupons)
              .set({ currentRedemptions: coupon.currentRedemptions + 1 })
              .where(eq(coupons.id, couponId));
            await tx.insert(couponRedemptions).values({ couponId, userId, code: randomBytes(8).toString("hex") });
          }),
        ),
      );
      const state = await stateOf(couponId);
      worstOversell = Math.max(worstOversell, (state.redemptions ?? 0) - 5);
    }
    expect(worstOversell).toBeGreaterThan(0);
  }, 240_000);

  it("one user racing 20 parallel redemptions gets exactly one", async () => {
    const couponId = await newCoupon(null);
    const [customer] = customers;
    if (!customer) throw new Error("no customer");
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => customer.post(`/api/coupons/${couponId}/redeem`)),
    );
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
    expect(responses.filter((response) => response.statusCode === 409)).toHaveLength(19);
    expect(await stateOf(couponId)).toEqual({ current: 1, redemptions: 1, users: 1 });
  });
});
