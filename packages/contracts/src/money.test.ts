import { describe, expect, it } from "vitest";
import { discountText } from "./coupons.texts";
import { dollarsToCents, formatCents, formatDollars, formatSignedCents } from "./money";
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

describe("formatSignedCents (wallet and spending lines)", () => {
  it("writes money in with a plus and money out with one minus sign (U+2212)", () => {
    expect(formatSignedCents(1200)).toBe("+$12.00");
    expect(formatSignedCents(-1200)).toBe("\u2212$12.00");
    expect(formatSignedCents(125_000)).toBe("+$1,250.00");
    expect(formatSignedCents(-125_000)).toBe("\u2212$1,250.00");
    expect(formatSignedCents(1)).toBe("+$0.01");
    expect(formatSignedCents(-1)).toBe("\u2212$0.01");
  });

  it("writes nothing as $0.00, without a sign (and -0 the same)", () => {
    expect(formatSignedCents(0)).toBe("$0.00");
    expect(formatSignedCents(-0)).toBe("$0.00");
  });

  it("writes a reversal with its minus once: never two signs in a row", () => {
    // A wallet's reversal of a $12.00 credit is a -1200 entry; the payer's refund of a $12.00 payment comes back.
    const walletReversal = formatSignedCents(-1200);
    const payerRefund = formatSignedCents(-(-1200));
    const payerPayment = formatSignedCents(-1200);
    expect(walletReversal).toBe("\u2212$12.00");
    expect(payerRefund).toBe("+$12.00");
    expect(payerPayment).toBe("\u2212$12.00");
    for (const text of [walletReversal, payerRefund, payerPayment, formatSignedCents(-5), formatSignedCents(5)]) {
      expect(text).not.toMatch(/^[+\-\u2212]{2}/);
      expect(text.match(/[+\-\u2212]/g)).toHaveLength(1);
    }
  });
});

describe("money in the reader's language (CONTRACT.md: money formatted for the locale, the currency's decimals)", () => {
  it("writes US dollars as Spanish readers read them, with two decimals", () => {
    expect(formatCents(1250, "es")).toBe("12,50\u00a0US$");
    expect(formatCents(12_500_000, "es")).toBe("125.000,00\u00a0US$");
    expect(formatDollars(5, "es")).toBe("5,00\u00a0US$");
    expect(formatSignedCents(1200, "es")).toBe("+12,00\u00a0US$");
    expect(formatSignedCents(-1200, "es")).toBe("\u221212,00\u00a0US$");
    expect(formatSignedCents(0, "es")).toBe("0,00\u00a0US$");
  });

  it("writes English as before, whether the locale is en or en-US", () => {
    expect(formatCents(125_000, "en")).toBe("$1,250.00");
    expect(formatSignedCents(-1200, "en")).toBe("\u2212$12.00");
  });
});
