import { type RegisterBody, registerBody } from "@plaza/contracts/auth";
import { PROFILE_TYPES } from "@plaza/contracts/users.texts";
import { useState } from "react";
import { defineMessage, defineMessages, FormattedMessage, type MessageTag, useIntl } from "react-intl";
import { applyServerError, Form, FormField, FormMessage, FormSubmit, useZodForm } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { useInstance } from "@/lib/instance";
import { paths } from "@/lib/paths";
import { useRegister } from "../api/sign-in";
import { RulesConsent } from "./rules-consent";

// The web's own words for the contracts' sign-up texts (SIGN_UP_TEXTS, the SIGN_UP_*_NOTICEs, INSTANCE_MESSAGES,
// PROFILE_TYPE_LABELS), the same English.
const messages = defineMessages({
  agreementRequired: {
    id: "auth.register.agreementRequired",
    defaultMessage: "Please accept the User Agreement to create an account",
  },
  rulesNotAccepted: {
    id: "auth.register.rulesNotAccepted",
    defaultMessage: "Please read and accept the rules to sign up.",
  },
  failed: { id: "auth.register.failed", defaultMessage: "Could not create the account." },
  closedNotice: {
    id: "auth.register.closedNotice",
    defaultMessage: "Sign-up is closed right now. Existing members can still sign in.",
  },
  inviteNotice: {
    id: "auth.register.inviteNotice",
    defaultMessage: "Sign-up is by invite only. Open the invite link a member sent you.",
  },
  approvalNotice: {
    id: "auth.register.approvalNotice",
    defaultMessage: "New accounts are approved by an administrator before they can post.",
  },
  form: { id: "auth.register.form", defaultMessage: "Create account" },
  firstName: { id: "auth.register.firstName", defaultMessage: "First name" },
  lastName: { id: "auth.register.lastName", defaultMessage: "Last name" },
  username: { id: "auth.register.username", defaultMessage: "Username" },
  email: { id: "auth.register.email", defaultMessage: "Email" },
  password: { id: "auth.register.password", defaultMessage: "Password" },
  accountType: { id: "auth.register.accountType", defaultMessage: "Account type" },
  agreement: defineMessage<{ agreement: MessageTag; privacy: MessageTag }>({
    id: "auth.register.agreement",
    defaultMessage:
      "I have read and agree to the <agreement>User Agreement</agreement>, and have read the <privacy>Privacy Policy</privacy>",
  }),
  creating: { id: "auth.register.creating", defaultMessage: "Creating account..." },
  submit: { id: "auth.register.submit", defaultMessage: "Create account" },
});

const PROFILE_TYPE_LABELS = defineMessages({
  personal: { id: "auth.register.type.personal", defaultMessage: "Personal" },
  creator: { id: "auth.register.type.creator", defaultMessage: "Creator" },
  business: { id: "auth.register.type.business", defaultMessage: "Business" },
});

const PROFILE_TYPE_HINTS = defineMessages({
  personal: { id: "auth.register.hint.personal", defaultMessage: "Discover places, follow friends and creators" },
  creator: {
    id: "auth.register.hint.creator",
    defaultMessage: "Share posts and earn tips, pay-per-view and subscriptions",
  },
  business: {
    id: "auth.register.hint.business",
    defaultMessage: "Publish your business, coupons and verified check-ins",
  },
});

/**
 * The sign-up form, as the instance's sign-up mode has it: closed says so before anyone types; invite takes the
 * invite link's code (`?invite=`); the instance's rules are listed and must be accepted.
 */
export function RegisterForm({ onRegistered, inviteCode }: { onRegistered: () => void; inviteCode?: string }) {
  const intl = useIntl();
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
      setAgreementError(intl.formatMessage(messages.agreementRequired));
      return;
    }
    if (rules.length > 0 && !hasAcceptedRules) {
      setRulesError(intl.formatMessage(messages.rulesNotAccepted));
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
      onError: (error) => applyServerError(form, error, intl.formatMessage(messages.failed)),
    });
  };
  // The agreement is checked with the fields, so every problem shows after one press.
  const checkAgreement = () => {
    if (!hasAcceptedAgreement) setAgreementError(intl.formatMessage(messages.agreementRequired));
    if (rules.length > 0 && !hasAcceptedRules) setRulesError(intl.formatMessage(messages.rulesNotAccepted));
  };

  if (mode === "closed") {
    return (
      <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
        {intl.formatMessage(messages.closedNotice)}
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
      aria-label={intl.formatMessage(messages.form)}
    >
      {mode === "invite" && !inviteCode && (
        <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          {intl.formatMessage(messages.inviteNotice)}
        </p>
      )}
      {mode === "approval" && <p className="text-sm text-gray-600">{intl.formatMessage(messages.approvalNotice)}</p>}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField name="firstName" id="register-first-name" label={intl.formatMessage(messages.firstName)}>
          {(field) => <Input autoComplete="given-name" {...field} />}
        </FormField>
        <FormField name="lastName" id="register-last-name" label={intl.formatMessage(messages.lastName)}>
          {(field) => <Input autoComplete="family-name" {...field} />}
        </FormField>
      </div>
      <FormField name="username" id="register-username" label={intl.formatMessage(messages.username)}>
        {(field) => <Input autoComplete="username" {...field} />}
      </FormField>
      <FormField name="email" id="register-email" label={intl.formatMessage(messages.email)}>
        {(field) => <Input type="email" autoComplete="email" {...field} />}
      </FormField>
      <FormField name="password" id="register-password" label={intl.formatMessage(messages.password)}>
        {(field) => <Input type="password" autoComplete="new-password" {...field} />}
      </FormField>
      <fieldset className="space-y-2">
        <legend className="mb-1.5 text-sm font-medium">{intl.formatMessage(messages.accountType)}</legend>
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
              <span className="block text-sm font-medium">{intl.formatMessage(PROFILE_TYPE_LABELS[type])}</span>
              <span className="block text-sm text-gray-600">{intl.formatMessage(PROFILE_TYPE_HINTS[type])}</span>
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
            <FormattedMessage
              {...messages.agreement}
              values={{
                agreement: (chunks) => (
                  <a
                    href={paths.userAgreement}
                    target="_blank"
                    rel="noopener"
                    className="font-medium text-brand-600 underline"
                  >
                    {chunks}
                  </a>
                ),
                privacy: (chunks) => (
                  <a
                    href={paths.privacy}
                    target="_blank"
                    rel="noopener"
                    className="font-medium text-brand-600 underline"
                  >
                    {chunks}
                  </a>
                ),
              }}
            />
          </label>
        </div>
        {agreementError && (
          <p id="register-agreement-error" role="alert" className="text-sm text-red-600">
            {agreementError}
          </p>
        )}
      </div>
      <FormMessage />
      <FormSubmit className="w-full" pendingLabel={intl.formatMessage(messages.creating)}>
        {intl.formatMessage(messages.submit)}
      </FormSubmit>
    </Form>
  );
}
