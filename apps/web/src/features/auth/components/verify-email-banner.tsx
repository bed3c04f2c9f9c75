import { MailWarning } from "lucide-react";
import { defineMessage, defineMessages, FormattedMessage, type MessageTag, useIntl } from "react-intl";
import { Button } from "@/components/ui/button";
import { useText } from "@/i18n/texts";
import { ApiError } from "@/lib/api-client";
import { useResendVerification } from "../api/verify-email";

const messages = defineMessages({
  region: { id: "auth.verifyBanner.region", defaultMessage: "Verify your email address" },
  text: defineMessage<{ email: string; b: MessageTag }>({
    id: "auth.verifyBanner.text",
    defaultMessage: "Please verify your email address: we sent a link to <b>{email}</b>.",
  }),
  sending: { id: "auth.verifyBanner.sending", defaultMessage: "Sending..." },
  resend: { id: "auth.verifyBanner.resend", defaultMessage: "Resend email" },
});

/** Shown above every signed-in page until the address is verified, with a way to get a new link. */
export function VerifyEmailBanner({ email }: { email: string }) {
  const intl = useIntl();
  const text = useText();
  const resend = useResendVerification();
  const error = resend.error instanceof ApiError ? resend.error.serverMessage : resend.error?.message;
  return (
    <section
      aria-label={intl.formatMessage(messages.region)}
      className="border-b border-amber-200 bg-amber-50 text-amber-900"
      data-testid="verify-email-banner"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm sm:px-4">
        <MailWarning aria-hidden className="h-4 w-4 shrink-0" />
        <p className="min-w-0 flex-1">
          <FormattedMessage
            {...messages.text}
            values={{ email, b: (chunks) => <strong className="break-all">{chunks}</strong> }}
          />
        </p>
        {resend.isSuccess ? (
          <p role="status">{text(resend.data.message)}</p>
        ) : (
          <Button size="sm" variant="outline" onClick={() => resend.mutate()} disabled={resend.isPending}>
            {intl.formatMessage(resend.isPending ? messages.sending : messages.resend)}
          </Button>
        )}
        {error && (
          <p role="alert" className="w-full text-red-700">
            {error}
          </p>
        )}
      </div>
    </section>
  );
}
