import { describe, expect, it } from "vitest";
import { describeNotification, NOTIFICATION_TYPES } from "./notifications";

describe("describeNotification", () => {
  it("reads as a sentence per type, naming the amount or subject", () => {
    expect(describeNotification({ type: "follow", data: {} }, "Ana Lima")).toBe("Ana Lima started following you");
    expect(describeNotification({ type: "follow", data: { isRequest: true } }, "Ana")).toBe("Ana asked to follow you");
    expect(describeNotification({ type: "tip", data: { amountCents: 1250 } }, "Ana")).toBe("Ana sent you a $12.50 tip");
    expect(describeNotification({ type: "new_subscriber", data: {} }, null)).toBe("Someone subscribed to you");
    expect(describeNotification({ type: "new_subscriber", data: { amountCents: 900 } }, "Ana")).toBe(
      "Ana subscribed to you for $9.00/month",
    );
    expect(
      describeNotification(
        { type: "coupon_redeemed", data: { couponTitle: "2 for 1" }, subject: { title: "Blue Door Café" } },
        "Bo",
      ),
    ).toBe("Bo redeemed your coupon “2 for 1” at Blue Door Café");
    expect(
      describeNotification({ type: "ppv_unlock", data: { amountCents: 500 }, subject: { title: "Recipe" } }, "Bo"),
    ).toBe("Bo unlocked “Recipe” for $5.00");
    expect(describeNotification({ type: "report_outcome", data: { outcome: "suspend_user" } }, null)).toBe(
      "A moderator reviewed your report and suspended the account.",
    );
    expect(describeNotification({ type: "something_new", data: {} }, "Cy")).toBe("Cy interacted with you");
  });

  it("groups likes and comments on one post", () => {
    const subject = { title: "Sunset at the pier" };
    expect(describeNotification({ type: "like", data: {}, subject, actorCount: 4 }, "Maya")).toBe(
      "Maya and 3 others liked “Sunset at the pier”",
    );
    expect(describeNotification({ type: "comment", data: {}, subject, actorCount: 2 }, "Maya")).toBe(
      "Maya and 1 other commented on “Sunset at the pier”",
    );
    expect(describeNotification({ type: "like", data: {} }, "Maya")).toBe("Maya liked your post");
  });
});

describe("partnership notifications", () => {
  it("say who invited, answered or ended", () => {
    const data = { businessName: "Ground Up Coffee" };
    expect(describeNotification({ type: "partnership_invited", data }, "Olive Owner")).toBe(
      "Ground Up Coffee invited you to partner with them",
    );
    expect(describeNotification({ type: "partnership_accepted", data }, "Maya Lens")).toBe(
      "Maya Lens accepted your partnership invitation",
    );
    expect(describeNotification({ type: "partnership_declined", data }, "Maya Lens")).toBe(
      "Maya Lens declined your partnership invitation",
    );
    expect(
      describeNotification({ type: "partnership_ended", data: { ...data, recipientRole: "creator" } }, "Olive"),
    ).toBe("Ground Up Coffee ended your partnership");
    expect(
      describeNotification({ type: "partnership_ended", data: { ...data, recipientRole: "business" } }, "Maya Lens"),
    ).toBe("Maya Lens ended your partnership");
  });
});

describe("event notifications", () => {
  it("every event kind reads as its own sentence naming the event", () => {
    const data = {
      eventTitle: "Night market",
      which: "1h",
      startsAt: "2026-06-11T17:00:00Z",
      timeZone: "Europe/Paris",
    };
    const sentences: Record<string, string> = {
      event_cancelled: "“Night market” was cancelled",
      event_changed: "The time or place of “Night market” changed",
      event_waitlist_promoted: "A seat opened up: you're going to “Night market”",
      event_co_host_invited: "Ana Lima asked you to co-host “Night market”",
      event_invited: "Ana Lima invited you to “Night market”",
      event_reminder: "“Night market” starts in 1 hour (Thu, Jun 11, 7:00 PM GMT+2)",
    };
    for (const type of NOTIFICATION_TYPES.filter((kind) => kind.startsWith("event_"))) {
      expect(describeNotification({ type, data }, "Ana Lima"), type).toBe(sentences[type]);
    }
  });
});
