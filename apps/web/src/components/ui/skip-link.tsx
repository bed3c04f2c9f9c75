import { defineMessages } from "react-intl";
import { useAppIntl } from "@/lib/use-app-intl";

const messages = defineMessages({
  skip: { id: "shell.skip-link.text", defaultMessage: "Skip to content" },
});

/** The id of the element the skip link jumps to: every layout gives its <main> this id. */
export const MAIN_CONTENT_ID = "main-content";

/**
 * "Skip to content" (WCAG 2.4.1): the first thing a keyboard user reaches; hidden until it has focus, it moves focus
 * past the top bar to the page's main landmark (which needs tabIndex -1 to take focus).
 */
export function SkipLink() {
  const intl = useAppIntl();
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="sr-only focus:not-sr-only focus:fixed focus:start-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-surface focus:px-3 focus:py-2 focus:text-sm focus:font-medium focus:text-brand-700 focus:shadow-lg"
    >
      {intl.formatMessage(messages.skip)}
    </a>
  );
}
