import { zodResolver } from "@hookform/resolvers/zod";
import { type LoginBody, loginBody } from "@plaza/contracts/auth";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ApiError } from "@/lib/api-client";
import { paths } from "@/lib/paths";
import { useSignIn } from "../api/sign-in";
import { FieldError } from "./field-error";

/** The server's answer when the password matched and the account has two-factor sign-in on. */
const TWO_FACTOR_REQUIRED = "TWO_FACTOR_REQUIRED";

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
  const [code, setCode] = useState("");
  const serverError = signIn.error instanceof ApiError ? signIn.error.serverMessage : signIn.error?.message;
  const submit = () => {
    const value = code.trim();
    signIn.mutate(isRecovery ? { ...credentials, recoveryCode: value } : { ...credentials, totpCode: value }, {
      onSuccess: onSignedIn,
    });
  };
  return (
    <form
      className="space-y-4"
      noValidate
      aria-label="Two-factor sign-in"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <p className="text-sm text-gray-700">
        {isRecovery
          ? "Enter one of the recovery codes you saved when you turned on two-factor sign-in."
          : "Enter the 6-digit code from your authenticator app."}
      </p>
      <div className="space-y-1.5">
        <Label htmlFor="signin-second-factor">{isRecovery ? "Recovery code" : "Authentication code"}</Label>
        <Input
          id="signin-second-factor"
          autoComplete="one-time-code"
          inputMode={isRecovery ? "text" : "numeric"}
          maxLength={isRecovery ? 40 : 6}
          autoFocus
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
      </div>
      {serverError && (
        <p role="alert" className="text-sm text-red-600">
          {serverError}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={signIn.isPending || !code.trim()}>
        {signIn.isPending ? "Checking..." : "Verify and sign in"}
      </Button>
      <div className="flex justify-between text-sm">
        <button type="button" className="text-brand-600 hover:underline" onClick={onBack}>
          Back
        </button>
        <button
          type="button"
          className="text-brand-600 hover:underline"
          onClick={() => {
            setIsRecovery(!isRecovery);
            setCode("");
            signIn.reset();
          }}
        >
          {isRecovery ? "Use the authenticator app" : "Use a recovery code"}
        </button>
      </div>
    </form>
  );
}

export function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const signIn = useSignIn();
  const [secondStep, setSecondStep] = useState<Pick<LoginBody, "email" | "password"> | null>(null);
  const form = useForm<LoginBody>({ resolver: zodResolver(loginBody), defaultValues: { email: "", password: "" } });
  const submit = form.handleSubmit((values) =>
    signIn.mutate(values, {
      onSuccess: onSignedIn,
      onError: (error) => {
        if (error instanceof ApiError && error.body?.code === TWO_FACTOR_REQUIRED) {
          setSecondStep({ email: values.email, password: values.password });
        }
      },
    }),
  );
  const needsCode = signIn.error instanceof ApiError && signIn.error.body?.code === TWO_FACTOR_REQUIRED;
  const serverError = signIn.error instanceof ApiError ? signIn.error.serverMessage : signIn.error?.message;

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
    <form onSubmit={submit} className="space-y-4" noValidate aria-label="Sign in">
      <div className="space-y-1.5">
        <Label htmlFor="signin-email">Email</Label>
        <Input id="signin-email" type="email" autoComplete="email" {...form.register("email")} />
        <FieldError message={form.formState.errors.email?.message} />
      </div>
      <div className="space-y-1.5">
        <div className="flex items-baseline justify-between">
          <Label htmlFor="signin-password">Password</Label>
          <Link href={paths.forgotPassword} className="text-sm text-brand-600 hover:underline">
            Forgot password?
          </Link>
        </div>
        <Input id="signin-password" type="password" autoComplete="current-password" {...form.register("password")} />
        <FieldError message={form.formState.errors.password?.message} />
      </div>
      {serverError && !needsCode && (
        <p role="alert" className="text-sm text-red-600">
          {serverError}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={signIn.isPending}>
        {signIn.isPending ? "Signing in..." : "Sign in"}
      </Button>
    </form>
  );
}
