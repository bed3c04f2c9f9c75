import { MESSAGE_TEXTS } from "@plaza/contracts/messaging";
import { describe, expect, it } from "vitest";
import { assertCanMessage, assertRecipientIdUsable, type RecipientFacts } from "./messaging.policy";

const sender = "00000000-0000-4000-8000-000000000001";
const open: RecipientFacts = {
  isDeleted: false,
  preferences: {},
  isBlockedEitherWay: false,
  isFollowedBySender: false,
};

describe("messaging policy (pure: facts in, verdict out)", () => {
  it("refuses oneself (400) and ids that cannot name an account (404) before anything is read", () => {
    expect(() => assertRecipientIdUsable(sender, sender)).toThrow(MESSAGE_TEXTS.cannotMessageSelf);
    expect(() => assertRecipientIdUsable(sender, "12345")).toThrow(MESSAGE_TEXTS.recipientNotFound);
    expect(() => assertRecipientIdUsable(sender, "00000000-0000-4000-8000-000000000002")).not.toThrow();
  });

  it("answers each refusal with its text", () => {
    expect(() => assertCanMessage(null)).toThrow(MESSAGE_TEXTS.recipientNotFound);
    expect(() => assertCanMessage({ ...open, isDeleted: true })).toThrow(MESSAGE_TEXTS.recipientNotFound);
    expect(() => assertCanMessage({ ...open, isBlockedEitherWay: true })).toThrow(MESSAGE_TEXTS.blocked);
    expect(() => assertCanMessage({ ...open, preferences: { allowDirectMessages: false } })).toThrow(
      MESSAGE_TEXTS.directMessagesOff,
    );
    expect(() => assertCanMessage({ ...open, preferences: { messagePrivacy: "none" } })).toThrow(
      MESSAGE_TEXTS.privacyNone,
    );
    expect(() => assertCanMessage({ ...open, preferences: { messagePrivacy: "friends" } })).toThrow(
      MESSAGE_TEXTS.privacyFriends,
    );
  });

  it("lets the message through otherwise and returns the recipient", () => {
    expect(assertCanMessage(open)).toBe(open);
    const friend = { ...open, preferences: { messagePrivacy: "friends" as const }, isFollowedBySender: true };
    expect(assertCanMessage(friend)).toBe(friend);
  });
});
