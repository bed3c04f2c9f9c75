import { zodResolver } from "@hookform/resolvers/zod";
import { type RegisterBody, type RegisterInput, registerBody, SIGN_UP_TEXTS } from "@plaza/contracts/auth";
import { PROFILE_TYPE_LABELS, PROFILE_TYPES } from "@plaza/contracts/users";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ApiError } from "@/lib/api-client";
import { paths } from "@/lib/paths";
import { useRegister } from "../api/sign-in";
import { FieldError } from "./field-error";

const PROFILE_TYPE_HINTS = {
  personal: "Discover places, follow friends and creators",
  creator: "Share posts and earn tips, pay-per-view and subscriptions",
  business: "Publish your business, coupons and verified check-ins",
} as const;

export function RegisterForm({ onRegistered }: { onRegistered: () => void }) {
  const register = useRegister();
  const form = useForm<RegisterInput, unknown, RegisterBody>({
    resolver: zodResolver(registerBody),
    defaultValues: { email: "", password: "", username: "", firstName: "", lastName: "", profileType: "personal" },
  });
  const { errors } = form.formState;
  const [hasAcceptedAgreement, setHasAcceptedAgreement] = useState(false);
  const [agreementError, setAgreementError] = useState<string | null>(null);
  const submit = form.handleSubmit(
    (values) => {
      if (!hasAcceptedAgreement) {
        setAgreementError(SIGN_UP_TEXTS.agreementRequired);
        return;
      }
      register.mutate(values, { onSuccess: onRegistered });
    },
    () => {
      if (!hasAcceptedAgreement) setAgreementError(SIGN_UP_TEXTS.agreementRequired);
    },
  );
  const serverError = register.error instanceof ApiError ? register.error.serverMessage : register.error?.message;

  return (
    <form onSubmit={submit} className="space-y-4" noValidate aria-label="Create account">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor="register-first-name">First name</Label>
          <Input id="register-first-name" autoComplete="given-name" {...form.register("firstName")} />
          <FieldError message={errors.firstName?.message} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="register-last-name">Last name</Label>
          <Input id="register-last-name" autoComplete="family-name" {...form.register("lastName")} />
          <FieldError message={errors.lastName?.message} />
        </div>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="register-username">Username</Label>
        <Input id="register-username" autoComplete="username" {...form.register("username")} />
        <FieldError message={errors.username?.message} />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="register-email">Email</Label>
        <Input id="register-email" type="email" autoComplete="email" {...form.register("email")} />
        <FieldError message={errors.email?.message} />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="register-password">Password</Label>
        <Input id="register-password" type="password" autoComplete="new-password" {...form.register("password")} />
        <FieldError message={errors.password?.message} />
      </div>
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
      {serverError && (
        <p role="alert" className="text-sm text-red-600">
          {serverError}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={register.isPending}>
        {register.isPending ? "Creating account..." : "Create account"}
      </Button>
    </form>
  );
}
