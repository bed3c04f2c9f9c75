import { isLocale, type Locale, SOURCE_LOCALE } from "@plaza/contracts/i18n.texts";

/**
 * The language of this page: the server negotiated it (the account's preference, the visitor's choice, the browser's
 * Accept-Language, the town's default) and wrote it into `<html lang>` of every page it sends.
 */
export function pageLocale(): Locale {
  if (typeof document === "undefined") return SOURCE_LOCALE;
  const lang = document.documentElement.lang;
  return isLocale(lang) ? lang : SOURCE_LOCALE;
}
