import { describe, expect, it } from "vitest";
import { describeNotification } from "./notifications";

describe("describeNotification", () => {
  it("reads as a sentence per type", () => {
    expect(describeNotification({ type: "follow", data: {} }, "Ana Lima")).toBe("Ana Lima started following you");
    expect(describeNotification({ type: "follow", data: { isRequest: true } }, "Ana")).toBe("Ana asked to follow you");
    expect(describeNotification({ type: "tip", data: { amountCents: 1250 } }, "Ana")).toBe("Ana sent you a tip $12.50");
    expect(describeNotification({ type: "new_subscriber", data: {} }, null)).toBe("Someone subscribed to you");
    expect(describeNotification({ type: "coupon_redeemed", data: { couponTitle: "2 for 1" } }, "Bo")).toBe(
      'Bo redeemed your coupon "2 for 1"',
    );
    expect(describeNotification({ type: "report_outcome", data: { outcome: "suspend_user" } }, null)).toBe(
      "A moderator reviewed your report and suspended the account.",
    );
    expect(describeNotification({ type: "something_new", data: {} }, "Cy")).toBe("Cy interacted with you");
  });
});
