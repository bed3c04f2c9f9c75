import type { SelfUserView } from "@plaza/contracts/users";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ApiError } from "@/lib/api-client";
import { useDisableTwoFactor, useEnableTwoFactor, useSetupTwoFactor } from "../api/two-factor";
import { OtpauthQr } from "./otpauth-qr";

function errorText(error: unknown): string | undefined {
  if (!error) return undefined;
  return error instanceof ApiError ? (error.serverMessage ?? error.message) : (error as Error).message;
}

function ErrorLine({ error }: { error: unknown }) {
  const text = errorText(error);
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
  const [code, setCode] = useState("");

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
    <form
      className="space-y-4"
      aria-label="Turn on two-factor sign-in"
      onSubmit={(event) => {
        event.preventDefault();
        enable.mutate(code.trim(), { onSuccess: (data) => onEnabled(data.recoveryCodes) });
      }}
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
        </div>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="two-factor-setup-code">Code from the app</Label>
        <Input
          id="two-factor-setup-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
      </div>
      <ErrorLine error={enable.error} />
      <Button type="submit" disabled={enable.isPending || code.trim().length !== 6}>
        {enable.isPending ? "Checking..." : "Turn on"}
      </Button>
    </form>
  );
}

function DisableTwoFactor({ onDisabled }: { onDisabled: () => void }) {
  const disable = useDisableTwoFactor();
  const [currentPassword, setCurrentPassword] = useState("");
  const [code, setCode] = useState("");
  return (
    <form
      className="space-y-4"
      aria-label="Turn off two-factor sign-in"
      onSubmit={(event) => {
        event.preventDefault();
        disable.mutate({ currentPassword, code: code.trim() }, { onSuccess: onDisabled });
      }}
    >
      <div className="space-y-1.5">
        <Label htmlFor="two-factor-disable-password">Current password</Label>
        <Input
          id="two-factor-disable-password"
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(event) => setCurrentPassword(event.target.value)}
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="two-factor-disable-code">Code from the app (or a recovery code)</Label>
        <Input
          id="two-factor-disable-code"
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
      </div>
      <ErrorLine error={disable.error} />
      <Button type="submit" variant="destructive" disabled={disable.isPending || !currentPassword || !code.trim()}>
        Turn off two-factor sign-in
      </Button>
    </form>
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
