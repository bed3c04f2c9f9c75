import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * A web app text in a language, found from its English through the catalogs (apps/web/src/i18n/catalogs): what a
 * browser test looks for on a page in Spanish or Arabic. A text no catalog has (a name, a business, a post) is the
 * same in every language.
 */
const CATALOGS = fileURLToPath(new URL("../../apps/web/src/i18n/catalogs", import.meta.url));

function catalog(locale: string): Record<string, string> {
  const folder = join(CATALOGS, locale);
  return Object.assign(
    {},
    ...readdirSync(folder).map(
      (file) => JSON.parse(readFileSync(join(folder, file), "utf8")) as Record<string, string>,
    ),
  );
}

const english = catalog("en");
const idsByText = new Map<string, string[]>();
for (const [id, text] of Object.entries(english)) idsByText.set(text, [...(idsByText.get(text) ?? []), id]);
const translations: Record<string, Record<string, string>> = { es: catalog("es"), ar: catalog("ar") };

export type TestLocale = "en" | "es" | "ar";

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * `english` as the page in `locale` shows it. Several messages may have that English text, translated alike or not
 * (Arabic translates only some areas: one screen shows a text translated, another the same text in English): then
 * every way it may read, as a pattern of the whole name.
 */
export function say(locale: TestLocale, text: string): string | RegExp {
  if (locale === "en") return text;
  const readings = new Set((idsByText.get(text) ?? []).map((id) => translations[locale]?.[id] ?? text));
  if (readings.size === 0) return text;
  const [only] = readings;
  if (readings.size === 1 && only !== undefined) return only;
  return new RegExp(`^(?:${[...readings].map(escapeRegExp).join("|")})$`);
}
