import { arabicTexts } from "@plaza/contracts/i18n/texts-ar";
import { spanishTexts } from "@plaza/contracts/i18n/texts-es";
import { textTranslator } from "@plaza/contracts/i18n/translate-text";
import { type Locale, SOURCE_LOCALE } from "@plaza/contracts/i18n.texts";

const translators: Record<Locale, (english: string) => string> = {
  en: textTranslator(undefined),
  es: textTranslator(spanishTexts),
  ar: textTranslator(arabicTexts),
};

/**
 * A contract's English text (an error's message, a mail's sentence) in `locale`: its translation where the catalog
 * has one, else as written. English is always the text itself, exactly as the contract and docs/PRODUCT.md give it.
 */
export function textIn(locale: Locale | undefined, english: string): string {
  return translators[locale ?? SOURCE_LOCALE](english);
}
