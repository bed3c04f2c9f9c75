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

/** `english` as the page in `locale` shows it (the first message with that English text). */
export function say(locale: TestLocale, text: string): string {
  if (locale === "en") return text;
  const id = idsByText.get(text)?.[0];
  const translated = id ? translations[locale]?.[id] : undefined;
  return translated ?? text;
}
