import { textTranslator } from "@plaza/contracts/i18n/translate-text";
import { createContext, useContext } from "react";

/** English (the texts as written): what a component rendered outside the app's provider shows. */
const english = textTranslator(undefined);

/** The page's translator of the contracts' English texts (I18nProvider gives it). */
export const TextsContext = createContext<(english: string) => string>(english);

/**
 * A text of packages/contracts (a schema's validation message, a label shared with the server) in the page's
 * language: translated by its English wording, as the server translates its messages (apps/api/src/lib/texts.ts).
 */
export function useText(): (english: string) => string {
  return useContext(TextsContext);
}
