import { twoFactorDisableBody, twoFactorEnableBody } from "@plaza/contracts/accounts";
import type { SelfUserView } from "@plaza/contracts/users";
import { useState } from "react";
import { defineMessages, useIntl } from "react-intl";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { applyServerError, Form, FormField, FormMessage, FormSubmit, useZodForm } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { failureMessage } from "@/lib/api-client";
import { useDisableTwoFactor, useEnableTwoFactor, useSetupTwoFactor } from "../api/two-factor";
import { OtpauthQr } from "./otpauth-qr";

const messages = defineMessages({
  failed: { id: "auth.twoFactor.failed", defaultMessage: "Something went wrong. Please try again." },
  codesIntro: {
    id: "auth.twoFactor.codesIntro",
    defaultMessage:
      "Two-factor sign-in is on. Keep these recovery codes somewhere safe: each one signs you in once if you lose your phone. They are shown only now.",
  },
  codes: { id: "auth.twoFactor.codes", defaultMessage: "Recovery codes" },
  preparing: { id: "auth.twoFactor.preparing", defaultMessage: "Preparing..." },
  setUp: { id: "auth.twoFactor.setUp", defaultMessage: "Set up two-factor sign-in" },
  enableForm: { id: "auth.twoFactor.enableForm", defaultMessage: "Turn on two-factor sign-in" },
  scan: {
    id: "auth.twoFactor.scan",
    defaultMessage:
      "Scan this QR code with an authenticator app (Google Authenticator, 1Password, Authy…), or type the key in.",
  },
  setupKey: { id: "auth.twoFactor.setupKey", defaultMessage: "Setup key" },
  openInApp: { id: "auth.twoFactor.openInApp", defaultMessage: "Open in authenticator app" },
  code: { id: "auth.twoFactor.code", defaultMessage: "Code from the app" },
  currentPassword: { id: "auth.twoFactor.currentPassword", defaultMessage: "Current password" },
  checking: { id: "auth.twoFactor.checking", defaultMessage: "Checking..." },
  turnOn: { id: "auth.twoFactor.turnOn", defaultMessage: "Turn on" },
  disableForm: { id: "auth.twoFactor.disableForm", defaultMessage: "Turn off two-factor sign-in" },
  codeOrRecovery: { id: "auth.twoFactor.codeOrRecovery", defaultMessage: "Code from the app (or a recovery code)" },
  turnOff: { id: "auth.twoFactor.turnOff", defaultMessage: "Turn off two-factor sign-in" },
  title: { id: "auth.twoFactor.title", defaultMessage: "Two-factor sign-in" },
  on: { id: "auth.twoFactor.on", defaultMessage: "On" },
  off: { id: "auth.twoFactor.off", defaultMessage: "Off. With it on, signing in also needs a code from your phone." },
});

function ErrorLine({ error }: { error: unknown }) {
  const intl = useIntl();
  const text = error ? failureMessage(error, intl.formatMessage(messages.failed)) : undefined;
  return text ? (
    <p role="alert" className="text-sm text-red-600">
      {text}
    </p>
  ) : null;
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  const intl = useIntl();
  return (
    <div className="space-y-3">
      <p role="status" className="text-sm text-green-700">
        {intl.formatMessage(messages.codesIntro)}
      </p>
      <ul
        aria-label={intl.formatMessage(messages.codes)}
        className="grid grid-cols-2 gap-1 rounded-md bg-gray-50 p-3 font-mono text-sm"
      >
        {codes.map((recoveryCode) => (
          <li key={recoveryCode}>{recoveryCode}</li>
        ))}
      </ul>
    </div>
  );
}

function EnableTwoFactor({ onEnabled }: { onEnabled: (recoveryCodes: string[]) => void }) {
  const intl = useIntl();
  const setup = useSetupTwoFactor();
  const enable = useEnableTwoFactor();
  const form = useZodForm(twoFactorEnableBody, { defaultValues: { code: "", currentPassword: "" } });
  const [code, currentPassword] = form.watch(["code", "currentPassword"]);
  const isComplete = code.trim().length === 6 && currentPassword.length > 0;

  if (!setup.data) {
    return (
      <div className="space-y-2">
        <Button onClick={() => setup.mutate()} disabled={setup.isPending}>
          {intl.formatMessage(setup.isPending ? messages.preparing : messages.setUp)}
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
          onError: (error) => applyServerError(form, error, intl.formatMessage(messages.failed)),
        })
      }
      pending={enable.isPending}
      className="space-y-4"
      aria-label={intl.formatMessage(messages.enableForm)}
    >
      <p className="text-sm text-gray-700">{intl.formatMessage(messages.scan)}</p>
      <div className="flex flex-wrap items-center gap-4">
        <OtpauthQr url={setup.data.otpauthUrl} />
        <div className="min-w-0 space-y-1">
          <p className="text-sm text-gray-600">{intl.formatMessage(messages.setupKey)}</p>
          <code data-testid="two-factor-secret" className="block break-all rounded bg-gray-50 p-2 font-mono text-sm">
            {setup.data.secret}
          </code>
          {/* On a phone the QR code can't be scanned by the same phone: the link hands the key to its app. */}
          <a href={setup.data.otpauthUrl} className="inline-block py-2 text-sm font-medium text-blue-700 underline">
            {intl.formatMessage(messages.openInApp)}
          </a>
        </div>
      </div>
      <FormField name="code" id="two-factor-setup-code" label={intl.formatMessage(messages.code)}>
        {(field) => <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...field} />}
      </FormField>
      <FormField
        name="currentPassword"
        id="two-factor-setup-password"
        label={intl.formatMessage(messages.currentPassword)}
      >
        {(field) => <Input type="password" autoComplete="current-password" {...field} />}
      </FormField>
      <FormMessage />
      <FormSubmit disabled={!isComplete} pendingLabel={intl.formatMessage(messages.checking)}>
        {intl.formatMessage(messages.turnOn)}
      </FormSubmit>
    </Form>
  );
}

function DisableTwoFactor({ onDisabled }: { onDisabled: () => void }) {
  const intl = useIntl();
  const disable = useDisableTwoFactor();
  const form = useZodForm(twoFactorDisableBody, { defaultValues: { currentPassword: "", code: "" } });
  const [currentPassword, code] = form.watch(["currentPassword", "code"]);
  return (
    <Form
      form={form}
      onSubmit={(values) =>
        disable.mutate(values, {
          onSuccess: onDisabled,
          onError: (error) => applyServerError(form, error, intl.formatMessage(messages.failed)),
        })
      }
      pending={disable.isPending}
      className="space-y-4"
      aria-label={intl.formatMessage(messages.disableForm)}
    >
      <FormField
        name="currentPassword"
        id="two-factor-disable-password"
        label={intl.formatMessage(messages.currentPassword)}
      >
        {(field) => <Input type="password" autoComplete="current-password" {...field} />}
      </FormField>
      <FormField name="code" id="two-factor-disable-code" label={intl.formatMessage(messages.codeOrRecovery)}>
        {(field) => <Input autoComplete="one-time-code" {...field} />}
      </FormField>
      <FormMessage />
      <FormSubmit variant="destructive" disabled={!currentPassword || !code.trim()}>
        {intl.formatMessage(messages.turnOff)}
      </FormSubmit>
    </Form>
  );
}

/** Settings → Security: two-factor sign-in with an authenticator app. */
export function TwoFactorCard({ user }: { user: SelfUserView }) {
  // Kept here: enabling refetches the user, which swaps the setup form for the "turn off" form.
  const intl = useIntl();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{intl.formatMessage(messages.title)}</h2>
        </CardTitle>
        <CardDescription>
          {user.twoFactorEnabled ? (
            <Badge variant="success">{intl.formatMessage(messages.on)}</Badge>
          ) : (
            intl.formatMessage(messages.off)
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
