import { describe, expect, it } from "vitest";
import { EARNINGS_TEXTS, formatMonth, payoutRequirementTexts } from "./payouts";

describe("payoutRequirementTexts", () => {
  it("names Stripe's requirements in words, each thing once, in Stripe's order", () => {
    expect(
      payoutRequirementTexts([
        "individual.verification.document",
        "external_account",
        "tos_acceptance.date",
        "tos_acceptance.ip",
        "individual.address.line1",
        "individual.address.postal_code",
        "individual.dob.day",
      ]),
    ).toEqual([
      "A photo ID",
      "A bank account for payouts",
      "Accept Stripe's terms of service",
      "Your home address",
      "Your date of birth",
    ]);
  });

  it("writes a name it does not know in a readable form, without whose requirement it is", () => {
    expect(
      payoutRequirementTexts([
        "individual.political_exposure",
        "person_1AbC.relationship.title",
        "settings.card_issuing.tos_acceptance",
      ]),
    ).toEqual(["Political exposure", "Relationship title", "Settings card issuing tos acceptance"]);
  });
});

describe("earnings by month texts", () => {
  it("names months in UTC and sums the year for screen readers", () => {
    expect(formatMonth("2026-01")).toBe("Jan 2026");
    expect(formatMonth("2026-12", { short: true })).toBe("Dec");
    expect(
      EARNINGS_TEXTS.summary([
        { month: "2026-10", cents: 0 },
        { month: "2026-11", cents: 2397 },
        { month: "2026-12", cents: -300 },
      ]),
    ).toBe("Earnings by month over the last 3 months: $20.97 in all, most in Nov 2026 ($23.97).");
  });
});
