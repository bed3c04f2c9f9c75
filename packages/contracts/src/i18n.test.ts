import { describe, expect, it } from "vitest";
import { acceptedLocales, directionOf, negotiateLocale } from "./i18n.texts";

describe("acceptedLocales (Accept-Language, RFC 9110 §12.5.4)", () => {
  it("lists the languages Plaza speaks by q, then by order, a region falling back to its language", () => {
    expect(acceptedLocales("fr-CA, es-MX;q=0.8, ar;q=0.9, en;q=0.1")).toEqual(["ar", "es", "en"]);
    expect(acceptedLocales("es, en")).toEqual(["es", "en"]);
    expect(acceptedLocales("ES-es")).toEqual(["es"]);
  });

  it("skips refused (q=0), unknown and malformed ranges", () => {
    expect(acceptedLocales("es;q=0, de, *, en;q=abc")).toEqual([]);
    expect(acceptedLocales("")).toEqual([]);
    expect(acceptedLocales(undefined)).toEqual([]);
  });
});

describe("negotiateLocale (CONTRACT.md 'Every town's language')", () => {
  it("takes the account's preference, then the visitor's cookie, then the browser's, then the instance's", () => {
    const instanceLocale = "en" as const;
    expect(negotiateLocale({ preference: "ar", cookie: "es", acceptLanguage: "es", instanceLocale })).toBe("ar");
    expect(negotiateLocale({ preference: null, cookie: "es", acceptLanguage: "ar", instanceLocale })).toBe("es");
    expect(negotiateLocale({ cookie: "xx", acceptLanguage: "de, ar;q=0.5", instanceLocale })).toBe("ar");
    expect(negotiateLocale({ acceptLanguage: "de", instanceLocale: "es" })).toBe("es");
  });

  it("writes Arabic right to left and the others left to right", () => {
    expect(directionOf("ar")).toBe("rtl");
    expect(directionOf("es")).toBe("ltr");
    expect(directionOf("en")).toBe("ltr");
  });
});
