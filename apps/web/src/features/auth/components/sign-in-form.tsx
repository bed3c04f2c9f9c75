import { type LoginBody, loginBody, recoveryCode } from "@plaza/contracts/auth";
import { useState } from "react";
import { Link } from "wouter";
import { z } from "zod";
import { applyServerError, Form, FormField, FormMessage, FormSubmit, useZodForm } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { ApiError } from "@/lib/api-client";
import { paths } from "@/lib/paths";
import { useSignIn } from "../api/sign-in";

/** The server's answer when the password matched and the account has two-factor sign-in on. */
const TWO_FACTOR_REQUIRED = "TWO_FACTOR_REQUIRED";
const SIGN_IN_FAILED = "Sign-in failed. Please try again.";
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
  const signIn = useSignIn();
  const [isRecovery, setIsRecovery] = useState(false);
  const form = useZodForm(secondFactor, { defaultValues: { code: "" } });
  const hasCode = form.watch("code").trim() !== "";
  const submit = ({ code }: { code: string }) =>
    signIn.mutate(isRecovery ? { ...credentials, recoveryCode: code } : { ...credentials, totpCode: code }, {
      onSuccess: onSignedIn,
      onError: (error) => applyServerError(form, error, SIGN_IN_FAILED),
    });
  return (
    <Form
      form={form}
      onSubmit={submit}
      pending={signIn.isPending}
      className="space-y-4"
      aria-label="Two-factor sign-in"
    >
      <p className="text-sm text-gray-700">
        {isRecovery
          ? "Enter one of the recovery codes you saved when you turned on two-factor sign-in."
          : "Enter the 6-digit code from your authenticator app."}
      </p>
      <FormField name="code" id="signin-second-factor" label={isRecovery ? "Recovery code" : "Authentication code"}>
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
      <FormSubmit className="w-full" disabled={!hasCode} pendingLabel="Checking...">
        Verify and sign in
      </FormSubmit>
      <div className="flex justify-between text-sm">
        <button type="button" className="text-brand-600 hover:underline" onClick={onBack}>
          Back
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
          {isRecovery ? "Use the authenticator app" : "Use a recovery code"}
        </button>
      </div>
    </Form>
  );
}

export function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
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
          applyServerError(form, error, SIGN_IN_FAILED);
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
    <Form form={form} onSubmit={submit} pending={signIn.isPending} className="space-y-4" aria-label="Sign in">
      <FormField name="email" id="signin-email" label="Email">
        {(field) => <Input type="email" autoComplete="email" {...field} />}
      </FormField>
      <FormField
        name="password"
        id="signin-password"
        label="Password"
        labelAside={
          <Link href={paths.forgotPassword} className="text-sm text-brand-600 hover:underline">
            Forgot password?
          </Link>
        }
      >
        {(field) => <Input type="password" autoComplete="current-password" {...field} />}
      </FormField>
      <FormMessage />
      <FormSubmit className="w-full" pendingLabel="Signing in...">
        Sign in
      </FormSubmit>
    </Form>
  );
}
