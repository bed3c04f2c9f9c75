import { describe, expect, it } from "vitest";
import { findForbiddenCharacter, normalizeLineBreaks, plainText, TEXT_MESSAGES } from "./text";

describe("plain text rule (docs/PRODUCT.md 'Fidelity fixes')", () => {
  it("keeps tab and newline, normalises CR and CRLF to a newline", () => {
    expect(normalizeLineBreaks("a\r\nb\rc\nd")).toBe("a\nb\nc\nd");
    expect(findForbiddenCharacter("a\tb\nc\r\nd")).toBeNull();
    expect(findForbiddenCharacter("plain 😀 text")).toBeNull();
  });

  it("refuses every other C0 control and DEL, wherever it stands", () => {
    for (let code = 0; code < 0x20; code += 1) {
      if (code === 0x09 || code === 0x0a || code === 0x0d) continue;
      const character = String.fromCharCode(code);
      for (const text of [character, `${character}abc`, `ab${character}c`, `abc${character}`]) {
        expect(findForbiddenCharacter(text), `U+${code.toString(16)}`).toBe(TEXT_MESSAGES.controlCharacter);
      }
    }
    expect(findForbiddenCharacter("a\u007f")).toBe(TEXT_MESSAGES.controlCharacter);
  });

  it("refuses a lone surrogate, keeps a pair", () => {
    expect(findForbiddenCharacter("a\ud800")).toBe(TEXT_MESSAGES.loneSurrogate);
    expect(findForbiddenCharacter("\udc00a")).toBe(TEXT_MESSAGES.loneSurrogate);
    expect(findForbiddenCharacter("\ud83d\ude00")).toBeNull();
  });

  it("plainText() chains with the usual string checks and says what is wrong", () => {
    const schema = plainText("Name is required").trim().max(5, "Name too long");
    expect(schema.parse(" abc ")).toBe("abc");
    expect(schema.safeParse(" ab\u0000 ").error?.issues[0]?.message).toBe(TEXT_MESSAGES.controlCharacter);
    expect(schema.safeParse("abcdefgh").error?.issues[0]?.message).toBe("Name too long");
    expect(schema.safeParse(1).error?.issues[0]?.message).toBe("Name is required");
  });
});

describe("the form schemas that use it", () => {
  it("refuse control characters in a post, a comment and a message before anything is sent", async () => {
    const { createPostBody, createCommentBody } = await import("./posts");
    const { sendMessageBody } = await import("./messaging");
    const message = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;
    expect(message(createPostBody.safeParse({ title: "Hi\u0000", content: "ok" }))).toBe(
      TEXT_MESSAGES.controlCharacter,
    );
    expect(message(createPostBody.safeParse({ content: "o\u0007k" }))).toBe(TEXT_MESSAGES.controlCharacter);
    expect(message(createCommentBody.safeParse({ content: "\u0000\u0001\u0002" }))).toBe(
      TEXT_MESSAGES.controlCharacter,
    );
    expect(message(sendMessageBody.safeParse({ recipientId: "1", content: "hi\u007f" }))).toBe(
      TEXT_MESSAGES.controlCharacter,
    );
    expect(createPostBody.safeParse({ title: "Hi", content: "a\tb\nc" }).success).toBe(true);
  });
});
