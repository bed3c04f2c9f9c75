import catalog from "./texts.es.json";
import type { TextCatalog } from "./translate-text";

/** The contracts' texts in Spanish (complete: src/i18n/texts-catalogs.test.ts). */
export const spanishTexts: TextCatalog = catalog;
