import { twoFactorDisableBody, twoFactorEnableBody } from "@plaza/contracts/accounts";
import type { SelfUserView } from "@plaza/contracts/users";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { applyServerError, Form, FormField, FormMessage, FormSubmit, useZodForm } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { failureMessage } from "@/lib/api-client";
import { useDisableTwoFactor, useEnableTwoFactor, useSetupTwoFactor } from "../api/two-factor";
import { OtpauthQr } from "./otpauth-qr";

const TWO_FACTOR_FAILED = "Something went wrong. Please try again.";

function ErrorLine({ error }: { error: unknown }) {
  const text = error ? failureMessage(error, TWO_FACTOR_FAILED) : undefined;
  return text ? (
    <p role="alert" className="text-sm text-red-600">
      {text}
    </p>
  ) : null;
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div className="space-y-3">
      <p role="status" className="text-sm text-green-700">
        Two-factor sign-in is on. Keep these recovery codes somewhere safe: each one signs you in once if you lose your
        phone. They are shown only now.
      </p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-1 rounded-md bg-gray-50 p-3 font-mono text-sm">
        {codes.map((recoveryCode) => (
          <li key={recoveryCode}>{recoveryCode}</li>
        ))}
      </ul>
    </div>
  );
}

function EnableTwoFactor({ onEnabled }: { onEnabled: (recoveryCodes: string[]) => void }) {
  const setup = useSetupTwoFactor();
  const enable = useEnableTwoFactor();
  const form = useZodForm(twoFactorEnableBody, { defaultValues: { code: "", currentPassword: "" } });
  const [code, currentPassword] = form.watch(["code", "currentPassword"]);
  const isComplete = code.trim().length === 6 && currentPassword.length > 0;

  if (!setup.data) {
    return (
      <div className="space-y-2">
        <Button onClick={() => setup.mutate()} disabled={setup.isPending}>
          {setup.isPending ? "Preparing..." : "Set up two-factor sign-in"}
        </Button>
        <ErrorLine error={setup.error} />
      </div>
    );
  }
  return (
    <Form
      form={form}
      onSubmit={(values) =>
        enable.mutate(values, {
          onSuccess: (data) => onEnabled(data.recoveryCodes),
          onError: (error) => applyServerError(form, error, TWO_FACTOR_FAILED),
        })
      }
      pending={enable.isPending}
      className="space-y-4"
      aria-label="Turn on two-factor sign-in"
    >
      <p className="text-sm text-gray-700">
        Scan this QR code with an authenticator app (Google Authenticator, 1Password, Authy…), or type the key in.
      </p>
      <div className="flex flex-wrap items-center gap-4">
        <OtpauthQr url={setup.data.otpauthUrl} />
        <div className="min-w-0 space-y-1">
          <p className="text-sm text-gray-600">Setup key</p>
          <code data-testid="two-factor-secret" className="block break-all rounded bg-gray-50 p-2 font-mono text-sm">
            {setup.data.secret}
          </code>
          {/* On a phone the QR code can't be scanned by the same phone: the link hands the key to its app. */}
          <a href={setup.data.otpauthUrl} className="inline-block py-2 text-sm font-medium text-blue-700 underline">
            Open in authenticator app
          </a>
        </div>
      </div>
      <FormField name="code" id="two-factor-setup-code" label="Code from the app">
        {(field) => <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...field} />}
      </FormField>
      <FormField name="currentPassword" id="two-factor-setup-password" label="Current password">
        {(field) => <Input type="password" autoComplete="current-password" {...field} />}
      </FormField>
      <FormMessage />
      <FormSubmit disabled={!isComplete} pendingLabel="Checking...">
        Turn on
      </FormSubmit>
    </Form>
  );
}

function DisableTwoFactor({ onDisabled }: { onDisabled: () => void }) {
  const disable = useDisableTwoFactor();
  const form = useZodForm(twoFactorDisableBody, { defaultValues: { currentPassword: "", code: "" } });
  const [currentPassword, code] = form.watch(["currentPassword", "code"]);
  return (
    <Form
      form={form}
      onSubmit={(values) =>
        disable.mutate(values, {
          onSuccess: onDisabled,
          onError: (error) => applyServerError(form, error, TWO_FACTOR_FAILED),
        })
      }
      pending={disable.isPending}
      className="space-y-4"
      aria-label="Turn off two-factor sign-in"
    >
      <FormField name="currentPassword" id="two-factor-disable-password" label="Current password">
        {(field) => <Input type="password" autoComplete="current-password" {...field} />}
      </FormField>
      <FormField name="code" id="two-factor-disable-code" label="Code from the app (or a recovery code)">
        {(field) => <Input autoComplete="one-time-code" {...field} />}
      </FormField>
      <FormMessage />
      <FormSubmit variant="destructive" disabled={!currentPassword || !code.trim()}>
        Turn off two-factor sign-in
      </FormSubmit>
    </Form>
  );
}

/** Settings → Security: two-factor sign-in with an authenticator app. */
export function TwoFactorCard({ user }: { user: SelfUserView }) {
  // Kept here: enabling refetches the user, which swaps the setup form for the "turn off" form.
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Two-factor sign-in</h2>
        </CardTitle>
        <CardDescription>
          {user.twoFactorEnabled ? (
            <Badge variant="success">On</Badge>
          ) : (
            "Off. With it on, signing in also needs a code from your phone."
          )}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {recoveryCodes && <RecoveryCodes codes={recoveryCodes} />}
        {user.twoFactorEnabled ? (
          <DisableTwoFactor onDisabled={() => setRecoveryCodes(null)} />
        ) : (
          <EnableTwoFactor onEnabled={setRecoveryCodes} />
        )}
      </CardContent>
    </Card>
  );
}
