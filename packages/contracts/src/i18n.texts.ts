// The languages Plaza speaks and how a request's language is chosen (CONTRACT.md "Every town's language"): no zod,
// so the web app's first screen and the server both import it. The schemas are in ./i18n.ts.

/** Every language Plaza ships a catalog for; English is the source, the others translate it. */
export const LOCALES = ["en", "es", "ar"] as const;
export type Locale = (typeof LOCALES)[number];

/** What nobody chose and no browser asked for gets (before the instance's own default). */
export const SOURCE_LOCALE: Locale = "en";

/** Each language's own name for itself, as a language picker lists it. */
export const LOCALE_LABELS: Record<Locale, string> = { en: "English", es: "Español", ar: "العربية" };

/** Languages written right to left. */
const RIGHT_TO_LEFT: ReadonlySet<Locale> = new Set(["ar"]);

/** The cookie a signed-out visitor's choice of language is kept in (the landing page's picker); a year. */
export const LOCALE_COOKIE = "plaza_locale";
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** `dir` of a page in `locale`. */
export function directionOf(locale: Locale): "ltr" | "rtl" {
  return RIGHT_TO_LEFT.has(locale) ? "rtl" : "ltr";
}

/**
 * The languages of an `Accept-Language` header that Plaza speaks, best first (RFC 9110 §12.5.4: by q, then by
 * order; a region falls back to its language, `es-MX` → `es`; `q=0` refuses).
 */
export function acceptedLocales(header: string | undefined | null): Locale[] {
  if (!header) return [];
  const ranges = header
    .split(",")
    .slice(0, 32)
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const weight = params.map((param) => param.trim()).find((param) => /^q=/i.test(param));
      // A weight that is not a number in [0, 1] makes the range unreadable: skipped, as a refused one.
      const q =
        weight === undefined ? 1 : /^q=(0(\.\d{0,3})?|1(\.0{0,3})?)$/i.test(weight) ? Number(weight.slice(2)) : 0;
      return { language: tag.trim().toLowerCase().split("-")[0] ?? "", q, index };
    })
    .filter((range) => range.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const found: Locale[] = [];
  for (const { language } of ranges) {
    if (isLocale(language) && !found.includes(language)) found.push(language);
  }
  return found;
}

/**
 * The language a request is answered in: the account's preference, else the signed-out visitor's choice (the
 * locale cookie), else the first language of `Accept-Language` Plaza speaks, else the instance's default.
 */
export function negotiateLocale(from: {
  preference?: string | null | undefined;
  cookie?: string | null | undefined;
  acceptLanguage?: string | null | undefined;
  instanceLocale: Locale;
}): Locale {
  if (isLocale(from.preference)) return from.preference;
  if (isLocale(from.cookie)) return from.cookie;
  return acceptedLocales(from.acceptLanguage)[0] ?? from.instanceLocale;
}
