import { describe, expect, it } from "vitest";
import { safeReturnTo } from "./return-to";

const APP = "https://plaza.example";

/** Where a browser on the sign-in page ends after `location.assign(value)`. */
const browserDestination = (value: string) => new URL(value, `${APP}/login?returnTo=x`);

describe("safeReturnTo (docs/PRODUCT.md 'returnTo accepts only same-origin paths')", () => {
  const kept: [string, string][] = [
    ["/settings", "/settings"],
    ["/posts/1?tab=comments#c2", "/posts/1?tab=comments#c2"],
    ["/search?q=//not-a-host", "/search?q=//not-a-host"],
    ["/a\\b", "/a/b"],
    ["/feed/../settings", "/settings"],
    ["/%2F%2Fother.host", "/%2F%2Fother.host"],
    ["/caf\u00e9", "/caf%C3%A9"],
    ["  /settings", "/settings"],
    ["/sett\tings", "/settings"],
  ];
  it.each(kept)("keeps %j as %j", (value, expected) => {
    expect(safeReturnTo(value)).toBe(expected);
  });

  const refused = [
    "",
    "settings",
    "./settings",
    "//other.host",
    "//other.host/path",
    "/\t/other.host",
    "/\n/other.host",
    "/\r/other.host",
    "\t//other.host",
    "\u0000//other.host",
    " //other.host",
    "/\\other.host",
    "\\/other.host",
    "\\\\other.host",
    "/.//other.host",
    "/./\\other.host",
    "/..//other.host",
    "https://other.host",
    "https:other.host",
    "http:other.host",
    "HTTPS://other.host",
    "javascript:alert(1)",
    "java\tscript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "//plaza.example@other.host",
    "/\t\\other.host",
    `/${"a".repeat(600)}`,
  ];
  it.each(refused)("refuses %j", (value) => {
    expect(safeReturnTo(value)).toBe("/");
  });

  it("refuses what is not a string", () => {
    for (const value of [undefined, null, 1, ["/settings"], { href: "/settings" }]) {
      expect(safeReturnTo(value)).toBe("/");
    }
  });

  it("never leads a browser off the site, whatever the input", () => {
    for (const value of [...kept.map(([input]) => input), ...refused]) {
      const destination = browserDestination(safeReturnTo(value));
      expect(destination.origin, JSON.stringify(value)).toBe(APP);
    }
  });
});
