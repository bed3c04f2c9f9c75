import { describe, expect, it } from "vitest";
import { MESSAGE_TEXTS, sendMessageBody } from "./messaging";

const recipientId = "6f1c2b1e-3a4d-4e5f-8a9b-0c1d2e3f4a5b";
const messageOf = (content: unknown) => {
  const result = sendMessageBody.safeParse({ recipientId, content, messageType: "text" });
  return result.success ? result.data.content : result.error.issues[0]?.message;
};

describe("direct message rules (docs/PRODUCT.md §5)", () => {
  it("strips markup and trims before checking", () => {
    expect(messageOf("  <b>hello</b> there  ")).toBe("hello there");
    expect(messageOf("<script>alert(1)</script>")).toBe("alert(1)");
  });

  it("names each failure with the contract's text", () => {
    expect(messageOf(undefined)).toBe(MESSAGE_TEXTS.required);
    expect(messageOf(42)).toBe(MESSAGE_TEXTS.required);
    expect(messageOf("   <i></i> ")).toBe(MESSAGE_TEXTS.empty);
    expect(messageOf("x".repeat(2001))).toBe(MESSAGE_TEXTS.tooLong);
    expect(messageOf("a".repeat(2000).replace(/a/g, (_, index) => "abcdefghij"[index % 10] ?? ""))).toHaveLength(2000);
    expect(messageOf("zzzzzzzzzzz")).toBe(MESSAGE_TEXTS.invalidContent);
    expect(messageOf("zzzzzzzzzz")).toBe("zzzzzzzzzz");
    expect(messageOf("see https://example.com")).toBe(MESSAGE_TEXTS.invalidContent);
    expect(messageOf("go to www.example.org now")).toBe(MESSAGE_TEXTS.invalidContent);
  });

  it("accepts UUIDs of versions 1-5 and digit ids as recipients only", () => {
    const check = (id: string) => sendMessageBody.safeParse({ recipientId: id, content: "hi" }).success;
    expect(check(recipientId)).toBe(true);
    expect(check("12345")).toBe(true);
    expect(check("6f1c2b1e-3a4d-7e5f-8a9b-0c1d2e3f4a5b")).toBe(false);
    expect(check("../etc/passwd")).toBe(false);
    const failure = sendMessageBody.safeParse({ recipientId: "nope", content: "hi" });
    expect(failure.error?.issues[0]?.message).toBe(MESSAGE_TEXTS.invalidRecipient);
  });
});
