import type { TextCatalog } from "@plaza/contracts/i18n/translate-text";
import type { Locale } from "@plaza/contracts/i18n.texts";
import type { ReactNode } from "react";
import type { Catalog } from "./catalogs";
import { I18nProvider } from "./i18n-provider";

/** `node` with the app's message provider around it, for a test that renders a component alone (English by default). */
export function withIntl(node: ReactNode, locale: Locale = "en", catalog?: Catalog, texts?: TextCatalog): ReactNode {
  return (
    <I18nProvider locale={locale} catalog={catalog} texts={texts}>
      {node}
    </I18nProvider>
  );
}
