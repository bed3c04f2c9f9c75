import { describe, expect, it } from "vitest";
import { emailDomainBlockBody, emailDomainCandidates, isEmailInDomain, noticeHeadline } from "./moderation";

describe("email domain blocks", () => {
  it("lists the address's domain and every domain above it", () => {
    expect(emailDomainCandidates("a@Mail.Spam.Example")).toEqual(["mail.spam.example", "spam.example", "example"]);
    expect(emailDomainCandidates("nobody")).toEqual(["nobody"]);
  });

  it("matches a domain and its subdomains, not a look-alike", () => {
    expect(isEmailInDomain("a@spam.example", "spam.example")).toBe(true);
    expect(isEmailInDomain("a@x.spam.example", "spam.example")).toBe(true);
    expect(isEmailInDomain("a@notspam.example", "spam.example")).toBe(false);
  });

  it("accepts a domain name only, lower-cased", () => {
    expect(emailDomainBlockBody.parse({ domain: " Spam.Example " })).toEqual({ domain: "spam.example" });
    expect(emailDomainBlockBody.safeParse({ domain: "not a domain" }).success).toBe(false);
    expect(emailDomainBlockBody.safeParse({ domain: "a@b.example" }).success).toBe(false);
  });
});

describe("noticeHeadline", () => {
  it("says what happened, with a suspension's end", () => {
    expect(noticeHeadline("hide_post", null)).toBe("A moderator hid one of your posts.");
    expect(noticeHeadline("suspend", null)).toBe("A moderator suspended your account.");
    expect(noticeHeadline("suspend", "2026-06-02T00:00:00.000Z")).toContain("until");
  });
});
