import { type RegisterBody, registerBody } from "@plaza/contracts/auth";
import { SIGN_UP_TEXTS } from "@plaza/contracts/auth.texts";
import { PROFILE_TYPE_LABELS, PROFILE_TYPES } from "@plaza/contracts/users.texts";
import { useState } from "react";
import { applyServerError, Form, FormField, FormMessage, FormSubmit, useZodForm } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { paths } from "@/lib/paths";
import { useRegister } from "../api/sign-in";

const PROFILE_TYPE_HINTS = {
  personal: "Discover places, follow friends and creators",
  creator: "Share posts and earn tips, pay-per-view and subscriptions",
  business: "Publish your business, coupons and verified check-ins",
} as const;

export function RegisterForm({ onRegistered }: { onRegistered: () => void }) {
  const register = useRegister();
  const form = useZodForm(registerBody, {
    defaultValues: { email: "", password: "", username: "", firstName: "", lastName: "", profileType: "personal" },
  });
  const [hasAcceptedAgreement, setHasAcceptedAgreement] = useState(false);
  const [agreementError, setAgreementError] = useState<string | null>(null);
  const submit = (values: RegisterBody) => {
    if (!hasAcceptedAgreement) {
      setAgreementError(SIGN_UP_TEXTS.agreementRequired);
      return;
    }
    register.mutate(values, {
      onSuccess: onRegistered,
      onError: (error) => applyServerError(form, error, "Could not create the account."),
    });
  };
  // The agreement is checked with the fields, so every problem shows after one press.
  const checkAgreement = () => {
    if (!hasAcceptedAgreement) setAgreementError(SIGN_UP_TEXTS.agreementRequired);
  };

  return (
    <Form
      form={form}
      onSubmit={submit}
      onSubmitCapture={checkAgreement}
      pending={register.isPending}
      className="space-y-4"
      aria-label="Create account"
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField name="firstName" id="register-first-name" label="First name">
          {(field) => <Input autoComplete="given-name" {...field} />}
        </FormField>
        <FormField name="lastName" id="register-last-name" label="Last name">
          {(field) => <Input autoComplete="family-name" {...field} />}
        </FormField>
      </div>
      <FormField name="username" id="register-username" label="Username">
        {(field) => <Input autoComplete="username" {...field} />}
      </FormField>
      <FormField name="email" id="register-email" label="Email">
        {(field) => <Input type="email" autoComplete="email" {...field} />}
      </FormField>
      <FormField name="password" id="register-password" label="Password">
        {(field) => <Input type="password" autoComplete="new-password" {...field} />}
      </FormField>
      <fieldset className="space-y-2">
        <legend className="mb-1.5 text-sm font-medium">Account type</legend>
        {PROFILE_TYPES.map((type) => (
          <label
            key={type}
            className="flex cursor-pointer items-start gap-3 rounded-lg border p-3 has-checked:border-brand-500 has-checked:bg-brand-50"
          >
            <input
              type="radio"
              value={type}
              className="mt-1 h-4 w-4 shrink-0 accent-brand-600"
              {...form.register("profileType")}
            />
            <span className="min-w-0">
              <span className="block text-sm font-medium">{PROFILE_TYPE_LABELS[type]}</span>
              <span className="block text-sm text-gray-600">{PROFILE_TYPE_HINTS[type]}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="space-y-1.5">
        <div className="flex items-start gap-2">
          <input
            id="register-agreement"
            type="checkbox"
            checked={hasAcceptedAgreement}
            onChange={(event) => {
              setHasAcceptedAgreement(event.target.checked);
              if (event.target.checked) setAgreementError(null);
            }}
            aria-describedby={agreementError ? "register-agreement-error" : undefined}
            className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600"
          />
          <label htmlFor="register-agreement" className="text-sm text-gray-700">
            I have read and agree to the{" "}
            <a
              href={paths.userAgreement}
              target="_blank"
              rel="noopener"
              className="font-medium text-brand-600 underline"
            >
              User Agreement
            </a>
          </label>
        </div>
        {agreementError && (
          <p id="register-agreement-error" role="alert" className="text-sm text-red-600">
            {agreementError}
          </p>
        )}
      </div>
      <FormMessage />
      <FormSubmit className="w-full" pendingLabel="Creating account...">
        Create account
      </FormSubmit>
    </Form>
  );
}
