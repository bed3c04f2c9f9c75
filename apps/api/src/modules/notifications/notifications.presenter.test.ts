import { NOTIFICATION_TYPES } from "@plaza/contracts/notifications";
import { describe, expect, it } from "vitest";
import { notificationLink } from "./notifications.presenter";

const actorId = "0b7c1f7e-5c5e-4d8a-9b59-3c3a1e1d2f00";

describe("notificationLink", () => {
  it("leads to the source of each kind of notification", () => {
    expect(notificationLink({ type: "follow", actorId, entityType: "user", entityId: actorId })).toBe(
      `/profile/${actorId}`,
    );
    expect(notificationLink({ type: "tip", actorId, entityType: "tip", entityId: "t" })).toBe("/wallet");
    expect(notificationLink({ type: "new_subscriber", actorId, entityType: "subscription", entityId: "s" })).toBe(
      "/wallet",
    );
    expect(notificationLink({ type: "message", actorId, entityType: "conversation", entityId: "c1" })).toBe(
      "/messages/c1",
    );
    expect(notificationLink({ type: "message", actorId, entityType: null, entityId: null })).toBe("/messages");
    expect(notificationLink({ type: "coupon_redeemed", actorId, entityType: "coupon", entityId: "k" })).toBe(
      "/business-dashboard",
    );
    expect(notificationLink({ type: "report_outcome", actorId: null, entityType: "report", entityId: "r" })).toBeNull();
    expect(notificationLink({ type: "like", actorId, entityType: "post", entityId: "p" })).toBe("/posts/p");
    expect(notificationLink({ type: "report_outcome", actorId: null, entityType: "post", entityId: "p" })).toBeNull();
  });
});

describe("event notifications", () => {
  it("each kind leads to its event's page", () => {
    const kinds = NOTIFICATION_TYPES.filter((type) => type.startsWith("event_"));
    expect(kinds.length).toBeGreaterThanOrEqual(6);
    for (const type of kinds) {
      expect(notificationLink({ type, actorId, entityType: "event", entityId: "e1" }), type).toBe("/events/e1");
    }
  });
});
