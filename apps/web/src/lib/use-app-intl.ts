import { useContext } from "react";
import { createIntl, createIntlCache, IntlContext, type IntlShape } from "react-intl";

/** English, the messages' own `defaultMessage`s: the texts of a primitive rendered outside the app's provider. */
const englishIntl = createIntl({ locale: "en", defaultLocale: "en", messages: {} }, createIntlCache());

/**
 * `useIntl()` for the shared primitives (dialogs, toasts, badges, relative times, load-more…) that every screen and
 * many unit tests render: inside the app's I18nProvider it is that provider's; without one (a test that renders a
 * component alone) it speaks English instead of throwing.
 */
export function useAppIntl(): IntlShape {
  return useContext(IntlContext) ?? englishIntl;
}
