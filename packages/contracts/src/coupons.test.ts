import { describe, expect, it } from "vitest";
import { couponStatus, discountText, redeemBlock, redeemBlockMessage } from "./coupons";

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

describe('redeemBlock with a perk (docs/PRODUCT.md "Partnerships")', () => {
  const now = new Date("2026-06-01T12:00:00Z");
  const coupon = { expiresAt: null, maxRedemptions: 1, currentRedemptions: 0, isActive: true };
  const viewer = { hasRedeemed: false, hasRecentCheckIn: true };

  it("checks redeemed, an ended partnership, the coupon's state, the subscription, then the check-in", () => {
    const live = { isLive: true, isSubscribed: true };
    expect(redeemBlock(coupon, viewer, now, live)).toBeNull();
    expect(redeemBlock(coupon, viewer, now, { ...live, isSubscribed: false })).toBe("notSubscribed");
    expect(redeemBlock(coupon, viewer, now, { isLive: false, isSubscribed: false })).toBe("perkEnded");
    expect(redeemBlock({ ...coupon, currentRedemptions: 1 }, viewer, now, { ...live, isSubscribed: false })).toBe(
      "soldOut",
    );
    expect(redeemBlock(coupon, { ...viewer, hasRecentCheckIn: false }, now, live)).toBe("checkInRequired");
    expect(redeemBlock(coupon, { ...viewer, hasRedeemed: true }, now, { isLive: false, isSubscribed: false })).toBe(
      "alreadyRedeemed",
    );
    // A plain coupon ignores the perk rules.
    expect(redeemBlock(coupon, viewer, now, null)).toBeNull();
  });

  it("names the creator in the refusal", () => {
    expect(redeemBlockMessage("notSubscribed", "Maya Lens")).toBe("This perk is for subscribers of Maya Lens");
    expect(redeemBlockMessage("perkEnded")).toBe("This perk is no longer available");
    expect(redeemBlockMessage("soldOut")).toBe("This coupon is sold out");
  });
});
