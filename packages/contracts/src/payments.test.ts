import { describe, expect, it } from "vitest";
import {
  creatorReceivesText,
  dollarsToCents,
  formatCents,
  NO_PLATFORM_FEE_TEXT,
  PROCESSOR_FEE_TEXT,
  priceFeeText,
} from "./payments";

describe("formatCents", () => {
  it("writes US dollars with cents and thousands separators", () => {
    expect(formatCents(500)).toBe("$5.00");
    expect(formatCents(1)).toBe("$0.01");
    expect(formatCents(125_000)).toBe("$1,250.00");
  });

  it("round-trips what dollarsToCents made of a typed amount", () => {
    expect(formatCents(dollarsToCents(19.99))).toBe("$19.99");
  });
});

describe("priceFeeText", () => {
  it("names the card fee with a processor, and no fee at all with the test provider; never 100% with fees", () => {
    expect(priceFeeText(true)).toBe(PROCESSOR_FEE_TEXT);
    expect(priceFeeText(false)).toBe(NO_PLATFORM_FEE_TEXT);
    expect(priceFeeText(true)).not.toContain("100%");
  });

  it("starts the payment dialogs' statement, so a dialog says it in the same words", () => {
    expect(creatorReceivesText(500, "Ada", true).startsWith(priceFeeText(true))).toBe(true);
    expect(creatorReceivesText(500, "Ada", false).startsWith(priceFeeText(false))).toBe(true);
    expect(creatorReceivesText(null, "Ada", true).startsWith(priceFeeText(true))).toBe(true);
  });
});
