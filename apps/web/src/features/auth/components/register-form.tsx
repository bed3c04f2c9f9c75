import { type RegisterBody, registerBody } from "@plaza/contracts/auth";
import { SIGN_UP_TEXTS } from "@plaza/contracts/auth.texts";
import {
  INSTANCE_MESSAGES,
  SIGN_UP_APPROVAL_NOTICE,
  SIGN_UP_CLOSED_NOTICE,
  SIGN_UP_INVITE_NOTICE,
} from "@plaza/contracts/instance.texts";
import { PROFILE_TYPE_LABELS, PROFILE_TYPES } from "@plaza/contracts/users.texts";
import { useState } from "react";
import { applyServerError, Form, FormField, FormMessage, FormSubmit, useZodForm } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { useInstance } from "@/lib/instance";
import { paths } from "@/lib/paths";
import { useRegister } from "../api/sign-in";
import { RulesConsent } from "./rules-consent";

const PROFILE_TYPE_HINTS = {
  personal: "Discover places, follow friends and creators",
  creator: "Share posts and earn tips, pay-per-view and subscriptions",
  business: "Publish your business, coupons and verified check-ins",
} as const;

/**
 * The sign-up form, as the instance's sign-up mode has it: closed says so before anyone types; invite takes the
 * invite link's code (`?invite=`); the instance's rules are listed and must be accepted.
 */
export function RegisterForm({ onRegistered, inviteCode }: { onRegistered: () => void; inviteCode?: string }) {
  const instance = useInstance();
  const register = useRegister();
  const form = useZodForm(registerBody, {
    defaultValues: { email: "", password: "", username: "", firstName: "", lastName: "", profileType: "personal" },
  });
  const [hasAcceptedAgreement, setHasAcceptedAgreement] = useState(false);
  const [agreementError, setAgreementError] = useState<string | null>(null);
  const [hasAcceptedRules, setHasAcceptedRules] = useState(false);
  const [rulesError, setRulesError] = useState<string | null>(null);
  const rules = instance.data?.rules ?? [];
  const mode = instance.data?.registrationMode ?? "open";
  const submit = (values: RegisterBody) => {
    if (!hasAcceptedAgreement) {
      setAgreementError(SIGN_UP_TEXTS.agreementRequired);
      return;
    }
    if (rules.length > 0 && !hasAcceptedRules) {
      setRulesError(INSTANCE_MESSAGES.rulesNotAccepted);
      return;
    }
    const body = {
      ...values,
      acceptsAgreement: true,
      acceptedRules: rules.length > 0 ? hasAcceptedRules : undefined,
      inviteCode: inviteCode || undefined,
    };
    register.mutate(body, {
      onSuccess: onRegistered,
      onError: (error) => applyServerError(form, error, "Could not create the account."),
    });
  };
  // The agreement is checked with the fields, so every problem shows after one press.
  const checkAgreement = () => {
    if (!hasAcceptedAgreement) setAgreementError(SIGN_UP_TEXTS.agreementRequired);
    if (rules.length > 0 && !hasAcceptedRules) setRulesError(INSTANCE_MESSAGES.rulesNotAccepted);
  };

  if (mode === "closed") {
    return (
      <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
        {SIGN_UP_CLOSED_NOTICE}
      </p>
    );
  }

  return (
    <Form
      form={form}
      onSubmit={submit}
      onSubmitCapture={checkAgreement}
      pending={register.isPending}
      className="space-y-4"
      aria-label="Create account"
    >
      {mode === "invite" && !inviteCode && (
        <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          {SIGN_UP_INVITE_NOTICE}
        </p>
      )}
      {mode === "approval" && <p className="text-sm text-gray-600">{SIGN_UP_APPROVAL_NOTICE}</p>}
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
      {rules.length > 0 && (
        <RulesConsent
          name={instance.data?.name ?? ""}
          rules={rules}
          isAccepted={hasAcceptedRules}
          error={rulesError}
          onChange={(isAccepted) => {
            setHasAcceptedRules(isAccepted);
            if (isAccepted) setRulesError(null);
          }}
        />
      )}
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
            , and have read the{" "}
            <a href={paths.privacy} target="_blank" rel="noopener" className="font-medium text-brand-600 underline">
              Privacy Policy
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
