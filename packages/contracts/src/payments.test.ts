import { describe, expect, it } from "vitest";
import { dollarsToCents, formatCents } from "./payments";

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
