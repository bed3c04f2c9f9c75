import { PRIVACY_TEXTS } from "@plaza/contracts/agreements.texts";
import { defineMessages } from "react-intl";
import { Link } from "wouter";
import { useText } from "@/i18n/texts";
import { cn } from "@/lib/cn";
import { paths } from "@/lib/paths";
import { useAppIntl } from "@/lib/use-app-intl";

const messages = defineMessages({
  legal: { id: "shell.legal-links.label", defaultMessage: "Legal" },
});

const linkClasses = "inline-flex min-h-11 min-w-11 items-center justify-center px-2 underline-offset-4 hover:underline";

/** The instance's privacy policy and user agreement, as a footer's pair of links (each a 44 px tap target). */
export function LegalLinks({ className }: { className?: string }) {
  const intl = useAppIntl();
  const text = useText();
  return (
    <nav
      aria-label={intl.formatMessage(messages.legal)}
      className={cn("flex flex-wrap items-center justify-center gap-x-2", className)}
    >
      <Link href={paths.privacy} className={linkClasses}>
        {text(PRIVACY_TEXTS.link)}
      </Link>
      <Link href={paths.userAgreement} className={linkClasses}>
        {text(PRIVACY_TEXTS.termsLink)}
      </Link>
    </nav>
  );
}
