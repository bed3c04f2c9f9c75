import { describe, expect, it } from "vitest";
import { describeIdempotentRequest, readIdempotencyKey } from "../../lib/idempotency-key";
import { TestPaymentProvider } from "./payment-provider";
import { hasSubscriptionAccess } from "./payments.presenter";
import type { SubscriptionRow } from "./payments.repository";
import { addOneMonth } from "./payments.service";

describe("idempotency request description", () => {
  it("hashes equal bodies equally whatever their key order, and differently across routes and bodies", () => {
    const user = crypto.randomUUID();
    const first = describeIdempotentRequest(user, "k", "POST /api/tips", { amount: 5, receiverId: "r" });
    const reordered = describeIdempotentRequest(user, "k", "POST /api/tips", { receiverId: "r", amount: 5 });
    const otherBody = describeIdempotentRequest(user, "k", "POST /api/tips", { receiverId: "r", amount: 6 });
    const otherRoute = describeIdempotentRequest(user, "k", "POST /api/subscriptions", { amount: 5, receiverId: "r" });
    expect(first?.requestHash).toBe(reordered?.requestHash);
    expect(first?.requestHash).not.toBe(otherBody?.requestHash);
    expect(first?.requestHash).not.toBe(otherRoute?.requestHash);
    expect(describeIdempotentRequest(user, null, "POST /api/tips", {})).toBeNull();
  });

  it("accepts keys of 1 to 255 characters and refuses empty or longer ones", () => {
    expect(readIdempotencyKey(undefined)).toBeNull();
    expect(readIdempotencyKey("abc")).toBe("abc");
    expect(() => readIdempotencyKey("")).toThrow();
    expect(() => readIdempotencyKey("x".repeat(256))).toThrow();
  });
});

describe("TestPaymentProvider", () => {
  it("declines a card ending in 0002 with 402 and accepts everything else", async () => {
    const provider = new TestPaymentProvider();
    await expect(
      provider.charge({ amountCents: 100, method: "card", cardLast4: "0002", idempotencyReference: "a" }),
    ).rejects.toMatchObject({ statusCode: 402 });
    await expect(
      provider.charge({ amountCents: 100, method: "paypal", cardLast4: "0002", idempotencyReference: "b" }),
    ).resolves.toEqual({ reference: "test_b" });
    await expect(provider.charge({ amountCents: 0, method: "card", idempotencyReference: "c" })).rejects.toThrow();
  });
});

describe("subscription periods", () => {
  it("lasts one calendar month", () => {
    expect(addOneMonth(new Date("2026-06-01T12:00:00Z")).toISOString()).toBe("2026-07-01T12:00:00.000Z");
    expect(addOneMonth(new Date("2026-12-15T00:00:00Z")).toISOString()).toBe("2027-01-15T00:00:00.000Z");
  });

  it("gives access during a paid period, also after cancelling, and never once it ended or expired", () => {
    const now = new Date("2026-06-10T00:00:00Z");
    const base = {
      currentPeriodStart: new Date("2026-06-01T00:00:00Z"),
      currentPeriodEnd: new Date("2026-07-01T00:00:00Z"),
    } as SubscriptionRow;
    expect(hasSubscriptionAccess({ ...base, status: "active" }, now)).toBe(true);
    expect(hasSubscriptionAccess({ ...base, status: "cancelled" }, now)).toBe(true);
    expect(hasSubscriptionAccess({ ...base, status: "expired" }, now)).toBe(false);
    expect(hasSubscriptionAccess({ ...base, status: "active" }, new Date("2026-07-01T00:00:00Z"))).toBe(false);
  });
});
