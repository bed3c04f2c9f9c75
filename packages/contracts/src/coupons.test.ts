import { describe, expect, it } from "vitest";
import { couponStatus, discountText } from "./coupons";

describe("couponStatus (docs/PRODUCT.md §4)", () => {
  const now = new Date("2026-06-01T12:00:00Z");
  const base = { expiresAt: null, maxRedemptions: null, currentRedemptions: 0, isActive: true };

  it("is Expired when expiresAt is past, Sold Out at maxRedemptions, else Active or Inactive", () => {
    expect(couponStatus(base, now)).toBe("active");
    expect(couponStatus({ ...base, expiresAt: "2026-06-01T11:59:59Z" }, now)).toBe("expired");
    expect(couponStatus({ ...base, maxRedemptions: 3, currentRedemptions: 3 }, now)).toBe("soldOut");
    expect(couponStatus({ ...base, maxRedemptions: 3, currentRedemptions: 2 }, now)).toBe("active");
    expect(couponStatus({ ...base, isActive: false }, now)).toBe("inactive");
  });
});

describe("discountText", () => {
  it("reads percentage, fixed and free-item discounts", () => {
    expect(discountText({ discountType: "percentage", discountValue: 15 })).toBe("15% off");
    expect(discountText({ discountType: "fixed", discountValue: 5 })).toBe("$5.00 off");
    expect(discountText({ discountType: "freeItem", discountValue: 0 })).toBe("Free item");
  });
});
