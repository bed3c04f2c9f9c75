import {
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_SECONDS,
  LOCALE_LABELS,
  LOCALES,
  type Locale,
} from "@plaza/contracts/i18n.texts";
import { useId, useState } from "react";
import { defineMessages, useIntl } from "react-intl";
import { toastFailure } from "@/components/ui/use-toast";
import { api } from "@/lib/api";

const messages = defineMessages({
  label: { id: "shell.language.label", defaultMessage: "Language" },
  failed: { id: "shell.language.failed", defaultMessage: "Your language could not be saved. Please try again." },
});

/** Keeps the chosen language for this browser: a signed-out visit and the next sign-in page speak it too. */
function rememberLocale(locale: Locale): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: a plain preference cookie; the Cookie Store API is not in every browser
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
}

/**
 * The language picker (CONTRACT.md "Every town's language"): on the landing page for a visitor, in settings for an
 * account, whose preference it saves (`PATCH /api/users/preferences {locale}`: mails and errors follow it). The page
 * is then loaded again in the new language, as the server renders it (`<html lang dir>`, the catalog).
 */
export function LanguagePicker({ signedIn, className }: { signedIn: boolean; className?: string }) {
  const intl = useIntl();
  const id = useId();
  const [saving, setSaving] = useState(false);
  const choose = async (locale: Locale) => {
    setSaving(true);
    try {
      if (signedIn) await api.patch("/api/users/preferences", { body: { locale } });
      rememberLocale(locale);
      window.location.reload();
    } catch (error) {
      setSaving(false);
      toastFailure(error, intl.formatMessage(messages.failed));
    }
  };
  return (
    <div className={className}>
      <label htmlFor={id} className="sr-only">
        {intl.formatMessage(messages.label)}
      </label>
      <select
        id={id}
        value={intl.locale}
        disabled={saving}
        onChange={(event) => void choose(event.target.value as Locale)}
        className="min-h-11 rounded-md border border-gray-300 bg-white px-2 text-sm text-gray-700 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-200"
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_LABELS[locale]}
          </option>
        ))}
      </select>
    </div>
  );
}
