import { type LoginBody, loginBody, recoveryCode } from "@plaza/contracts/auth";
import { useState } from "react";
import { defineMessages, useIntl } from "react-intl";
import { Link } from "wouter";
import { z } from "zod";
import { applyServerError, Form, FormField, FormMessage, FormSubmit, useZodForm } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { ApiError } from "@/lib/api-client";
import { paths } from "@/lib/paths";
import { useSignIn } from "../api/sign-in";

/** The server's answer when the password matched and the account has two-factor sign-in on. */
const TWO_FACTOR_REQUIRED = "TWO_FACTOR_REQUIRED";
const messages = defineMessages({
  failed: { id: "auth.signIn.failed", defaultMessage: "Sign-in failed. Please try again." },
  twoFactorForm: { id: "auth.signIn.twoFactorForm", defaultMessage: "Two-factor sign-in" },
  recoveryHint: {
    id: "auth.signIn.recoveryHint",
    defaultMessage: "Enter one of the recovery codes you saved when you turned on two-factor sign-in.",
  },
  codeHint: { id: "auth.signIn.codeHint", defaultMessage: "Enter the 6-digit code from your authenticator app." },
  recoveryCode: { id: "auth.signIn.recoveryCode", defaultMessage: "Recovery code" },
  authenticationCode: { id: "auth.signIn.authenticationCode", defaultMessage: "Authentication code" },
  checking: { id: "auth.signIn.checking", defaultMessage: "Checking..." },
  verify: { id: "auth.signIn.verify", defaultMessage: "Verify and sign in" },
  back: { id: "auth.signIn.back", defaultMessage: "Back" },
  useApp: { id: "auth.signIn.useApp", defaultMessage: "Use the authenticator app" },
  useRecoveryCode: { id: "auth.signIn.useRecoveryCode", defaultMessage: "Use a recovery code" },
  form: { id: "auth.signIn.form", defaultMessage: "Sign in" },
  email: { id: "auth.signIn.email", defaultMessage: "Email" },
  password: { id: "auth.signIn.password", defaultMessage: "Password" },
  forgotPassword: { id: "auth.signIn.forgotPassword", defaultMessage: "Forgot password?" },
  signingIn: { id: "auth.signIn.signingIn", defaultMessage: "Signing in..." },
  submit: { id: "auth.signIn.submit", defaultMessage: "Sign in" },
});
/** Either code: the server tells an authenticator code from a recovery code by the field it is sent in. */
const secondFactor = z.object({ code: recoveryCode });

function TwoFactorStep({
  credentials,
  onSignedIn,
  onBack,
}: {
  credentials: Pick<LoginBody, "email" | "password">;
  onSignedIn: () => void;
  onBack: () => void;
}) {
  const intl = useIntl();
  const signIn = useSignIn();
  const [isRecovery, setIsRecovery] = useState(false);
  const form = useZodForm(secondFactor, { defaultValues: { code: "" } });
  const hasCode = form.watch("code").trim() !== "";
  const submit = ({ code }: { code: string }) =>
    signIn.mutate(isRecovery ? { ...credentials, recoveryCode: code } : { ...credentials, totpCode: code }, {
      onSuccess: onSignedIn,
      onError: (error) => applyServerError(form, error, intl.formatMessage(messages.failed)),
    });
  return (
    <Form
      form={form}
      onSubmit={submit}
      pending={signIn.isPending}
      className="space-y-4"
      aria-label={intl.formatMessage(messages.twoFactorForm)}
    >
      <p className="text-sm text-gray-700">
        {isRecovery ? intl.formatMessage(messages.recoveryHint) : intl.formatMessage(messages.codeHint)}
      </p>
      <FormField
        name="code"
        id="signin-second-factor"
        label={intl.formatMessage(isRecovery ? messages.recoveryCode : messages.authenticationCode)}
      >
        {(field) => (
          <Input
            autoComplete="one-time-code"
            inputMode={isRecovery ? "text" : "numeric"}
            maxLength={isRecovery ? 40 : 6}
            autoFocus
            {...field}
          />
        )}
      </FormField>
      <FormMessage />
      <FormSubmit className="w-full" disabled={!hasCode} pendingLabel={intl.formatMessage(messages.checking)}>
        {intl.formatMessage(messages.verify)}
      </FormSubmit>
      <div className="flex justify-between text-sm">
        <button type="button" className="text-brand-600 hover:underline" onClick={onBack}>
          {intl.formatMessage(messages.back)}
        </button>
        <button
          type="button"
          className="text-brand-600 hover:underline"
          onClick={() => {
            setIsRecovery(!isRecovery);
            form.reset({ code: "" });
            signIn.reset();
          }}
        >
          {intl.formatMessage(isRecovery ? messages.useApp : messages.useRecoveryCode)}
        </button>
      </div>
    </Form>
  );
}

export function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const intl = useIntl();
  const signIn = useSignIn();
  const [secondStep, setSecondStep] = useState<Pick<LoginBody, "email" | "password"> | null>(null);
  const form = useZodForm(loginBody, { defaultValues: { email: "", password: "" } });
  const submit = (values: LoginBody) =>
    signIn.mutate(values, {
      onSuccess: onSignedIn,
      onError: (error) => {
        if (error instanceof ApiError && error.body?.code === TWO_FACTOR_REQUIRED) {
          setSecondStep({ email: values.email, password: values.password });
        } else {
          applyServerError(form, error, intl.formatMessage(messages.failed));
        }
      },
    });

  if (secondStep) {
    return (
      <TwoFactorStep
        credentials={secondStep}
        onSignedIn={onSignedIn}
        onBack={() => {
          setSecondStep(null);
          signIn.reset();
        }}
      />
    );
  }
  return (
    <Form
      form={form}
      onSubmit={submit}
      pending={signIn.isPending}
      className="space-y-4"
      aria-label={intl.formatMessage(messages.form)}
    >
      <FormField name="email" id="signin-email" label={intl.formatMessage(messages.email)}>
        {(field) => <Input type="email" autoComplete="email" {...field} />}
      </FormField>
      <FormField
        name="password"
        id="signin-password"
        label={intl.formatMessage(messages.password)}
        labelAside={
          <Link href={paths.forgotPassword} className="text-sm text-brand-600 hover:underline">
            {intl.formatMessage(messages.forgotPassword)}
          </Link>
        }
      >
        {(field) => <Input type="password" autoComplete="current-password" {...field} />}
      </FormField>
      <FormMessage />
      <FormSubmit className="w-full" pendingLabel={intl.formatMessage(messages.signingIn)}>
        {intl.formatMessage(messages.submit)}
      </FormSubmit>
    </Form>
  );
}
