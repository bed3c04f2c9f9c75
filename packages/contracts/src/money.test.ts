import { describe, expect, it } from "vitest";
import { discountText } from "./coupons.texts";
import { dollarsToCents, formatCents, formatDollars } from "./money";
import { describeNotification } from "./notifications.texts";
import { TIP_TEXTS } from "./payments.texts";

describe("money (one formatter, Intl.NumberFormat)", () => {
  it("writes cents and dollars as US dollars with grouping", () => {
    expect(formatCents(1250)).toBe("$12.50");
    expect(formatCents(125_000)).toBe("$1,250.00");
    expect(formatDollars(5)).toBe("$5.00");
    expect(formatDollars(0.1 + 0.2)).toBe("$0.30");
    expect(dollarsToCents(19.99)).toBe(1999);
  });

  it("is what coupons, notifications and the tip minimum show", () => {
    expect(discountText({ discountType: "fixed", discountValue: 1250 })).toBe("$1,250.00 off");
    expect(TIP_TEXTS.belowMinimum).toBe("The minimum tip is $1.00");
    expect(describeNotification({ type: "tip", data: { amountCents: 250_000 } }, "Maya")).toBe(
      "Maya sent you a $2,500.00 tip",
    );
  });
});
