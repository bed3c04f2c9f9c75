import { describe, expect, test } from "vitest";
import { isKnownWebPath, matchesRoute } from "./web-routes";

describe("matchesRoute", () => {
  test("matches as wouter does: one segment per parameter, any case, a trailing slash allowed", () => {
    expect(matchesRoute("/", "/")).toBe(true);
    expect(matchesRoute("/profile/:userId", "/profile/abc")).toBe(true);
    expect(matchesRoute("/profile/:userId", "/profile/abc/")).toBe(true);
    expect(matchesRoute("/settings", "/Settings")).toBe(true);
    expect(matchesRoute("/profile/:userId", "/profile")).toBe(false);
    expect(matchesRoute("/profile/:userId", "/profile/")).toBe(false);
    expect(matchesRoute("/profile/:userId", "/profile/a/b")).toBe(false);
    expect(matchesRoute("/", "/x")).toBe(false);
  });
});

describe("isKnownWebPath", () => {
  test("signed out: the signed-out pages and the guarded signed-in ones; nothing else", () => {
    expect(isKnownWebPath("/privacy", "signed-out")).toBe(true);
    expect(isKnownWebPath("/terms", "signed-out")).toBe(true);
    expect(isKnownWebPath("/messages/123", "signed-out")).toBe(true);
    expect(isKnownWebPath("/settings", "signed-out")).toBe(true);
    expect(isKnownWebPath("/settings/nothing", "signed-out")).toBe(false);
    // A host's view of an event sends a signed-out visitor to sign-in; the event itself does not.
    expect(isKnownWebPath("/events/abc/manage", "signed-out")).toBe(true);
    expect(isKnownWebPath("/events/abc/other", "signed-out")).toBe(false);
    expect(isKnownWebPath("/discover", "signed-out")).toBe(false);
    expect(isKnownWebPath("/no-such-page", "signed-out")).toBe(false);
  });

  test("signed in: the signed-in pages", () => {
    expect(isKnownWebPath("/discover", "signed-in")).toBe(true);
    expect(isKnownWebPath("/pay/abc", "signed-in")).toBe(true);
    expect(isKnownWebPath("/forgot-password", "signed-in")).toBe(false);
    expect(isKnownWebPath("/404", "signed-in")).toBe(false);
  });
});
