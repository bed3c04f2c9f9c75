import { type Locale, SOURCE_LOCALE } from "@plaza/contracts/i18n.texts";

/** A language's translations of the web app's messages, by message id (ICU MessageFormat). */
export type Catalog = Record<string, string>;

/**
 * The catalog of `locale`, each in a chunk of its own that only its readers download. English has none: the
 * English texts are the messages' own `defaultMessage`s, in the code beside where they are shown (catalogs/en/ is
 * their extract, one file per area, which the other languages' files translate).
 */
export async function loadCatalog(locale: Locale): Promise<Catalog | undefined> {
  if (locale === SOURCE_LOCALE) return undefined;
  if (locale === "es") return (await import("./catalogs/es")).catalog;
  return (await import("./catalogs/ar")).catalog;
}
