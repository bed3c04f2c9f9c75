import catalog from "./texts.ar.json";
import type { TextCatalog } from "./translate-text";

/** The contracts' texts in Arabic: those of the contract's Arabic screens (src/i18n/texts-catalogs.test.ts). */
export const arabicTexts: TextCatalog = catalog;
