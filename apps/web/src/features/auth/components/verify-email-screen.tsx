import { CheckCircle2, XCircle } from "lucide-react";
import { useEffect, useRef } from "react";
import { defineMessages, useIntl } from "react-intl";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { PageSkeleton } from "@/components/ui/skeleton";
import { ApiError } from "@/lib/api-client";
import { paths } from "@/lib/paths";
import { useConfirmEmailChange } from "../api/change-email";
import { useVerifyEmail } from "../api/verify-email";

const TEXTS = {
  verify: defineMessages({
    pending: { id: "auth.verifyEmail.pending", defaultMessage: "Verifying your email address..." },
    success: { id: "auth.verifyEmail.success", defaultMessage: "Your email address is verified" },
    successDetail: {
      id: "auth.verifyEmail.successDetail",
      defaultMessage: "Thanks! You can use every part of Plaza now.",
    },
    failure: { id: "auth.verifyEmail.failure", defaultMessage: "We could not verify your email address" },
  }),
  change: defineMessages({
    pending: { id: "auth.changeEmail.pending", defaultMessage: "Confirming your new email address..." },
    success: { id: "auth.changeEmail.success", defaultMessage: "Your email address was changed" },
    successDetail: {
      id: "auth.changeEmail.successDetail",
      defaultMessage: "Sign in with your new address from now on.",
    },
    failure: { id: "auth.changeEmail.failure", defaultMessage: "We could not change your email address" },
  }),
};

const messages = defineMessages({
  incomplete: {
    id: "auth.verifyEmail.incomplete",
    defaultMessage: "This link is incomplete. Open the link from the mail again.",
  },
  continue: { id: "auth.verifyEmail.continue", defaultMessage: "Continue to Plaza" },
});

/**
 * The page a verification mail (`kind: "verify"`) or an email-change mail (`"change"`) links to: uses the token
 * once, then says how it went.
 */
export function VerifyEmailScreen({ token, kind = "verify" }: { token: string | null; kind?: "verify" | "change" }) {
  const intl = useIntl();
  const verifyEmail = useVerifyEmail();
  const confirmChange = useConfirmEmailChange();
  const verify = kind === "verify" ? verifyEmail : confirmChange;
  const texts = TEXTS[kind];
  // A token works once: never send it twice (React may run effects twice in development).
  const sentToken = useRef<string | null>(null);
  useEffect(() => {
    if (!token || sentToken.current === token) return;
    sentToken.current = token;
    verify.mutate({ token });
  }, [token, verify]);

  if (token && (verify.isPending || verify.isIdle)) return <PageSkeleton label={intl.formatMessage(texts.pending)} />;
  const failure = !token
    ? intl.formatMessage(messages.incomplete)
    : verify.error instanceof ApiError
      ? verify.error.serverMessage
      : verify.error?.message;
  return (
    <div className="space-y-4 text-center">
      {verify.isSuccess ? (
        <>
          <CheckCircle2 aria-hidden className="mx-auto h-10 w-10 text-green-600" />
          <h1 className="text-xl font-semibold">{intl.formatMessage(texts.success)}</h1>
          <p className="text-gray-600">{intl.formatMessage(texts.successDetail)}</p>
        </>
      ) : (
        <>
          <XCircle aria-hidden className="mx-auto h-10 w-10 text-red-600" />
          <h1 className="text-xl font-semibold">{intl.formatMessage(texts.failure)}</h1>
          <p role="alert" className="text-gray-600">
            {failure}
          </p>
        </>
      )}
      <Button asChild>
        <Link href={paths.home}>{intl.formatMessage(messages.continue)}</Link>
      </Button>
    </div>
  );
}
