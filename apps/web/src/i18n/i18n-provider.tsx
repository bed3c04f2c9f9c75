import { type TextCatalog, textTranslator } from "@plaza/contracts/i18n/translate-text";
import { directionOf, type Locale, SOURCE_LOCALE } from "@plaza/contracts/i18n.texts";
import { DirectionProvider } from "@radix-ui/react-direction";
import { type ReactNode, useMemo } from "react";
import { IntlProvider } from "react-intl";
import type { Catalog } from "./catalogs";
import { TextsContext } from "./texts";

/**
 * A message Arabic does not translate yet (CONTRACT.md: Arabic covers the shell, sign-up and sign-in, the feed, a
 * post, a profile and messages) is shown in English, its `defaultMessage`: not an error. Anything else is a defect
 * of the message (a bad ICU pattern, a value missing), logged in development.
 */
function reportError(error: { code?: string }): void {
  if (error.code === "MISSING_TRANSLATION") return;
  if (import.meta.env?.DEV) console.error(error);
}

/**
 * Every screen's texts and formats (dates, numbers, plurals, money) in `locale`: the web app's messages from
 * `catalog`, the contracts' texts (validation messages, shared labels) from `texts`; and its direction.
 */
export function I18nProvider({
  locale,
  catalog,
  texts,
  children,
}: {
  locale: Locale;
  catalog: Catalog | undefined;
  texts?: TextCatalog | undefined;
  children: ReactNode;
}) {
  const translate = useMemo(() => textTranslator(texts), [texts]);
  return (
    <IntlProvider locale={locale} defaultLocale={SOURCE_LOCALE} messages={catalog} onError={reportError}>
      {/* Radix's menus, tabs and sliders read their direction from here (arrow keys, which side a submenu opens). */}
      <DirectionProvider dir={directionOf(locale)}>
        <TextsContext value={translate}>{children}</TextsContext>
      </DirectionProvider>
    </IntlProvider>
  );
}
