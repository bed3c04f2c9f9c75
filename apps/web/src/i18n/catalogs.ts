import type { TextCatalog } from "@plaza/contracts/i18n/translate-text";
import { type Locale, SOURCE_LOCALE } from "@plaza/contracts/i18n.texts";

/** A language's translations of the web app's messages, by message id (ICU MessageFormat). */
export type Catalog = Record<string, string>;

/** What a page in a language needs: the web app's messages and the contracts' texts (shown by forms and labels). */
export interface LocaleCatalogs {
  messages: Catalog;
  texts: TextCatalog;
}

/**
 * The catalog of `locale`, each in a chunk of its own that only its readers download. English has none: the
 * English texts are the messages' own `defaultMessage`s, in the code beside where they are shown (catalogs/en/ is
 * their extract, one file per area, which the other languages' files translate).
 */
export async function loadCatalog(locale: Locale): Promise<LocaleCatalogs | undefined> {
  if (locale === SOURCE_LOCALE) return undefined;
  const { catalog, texts } = locale === "es" ? await import("./catalogs/es") : await import("./catalogs/ar");
  return { messages: catalog, texts };
}
