import { PUSH_TEXTS } from "@plaza/contracts/push.texts";
import { BellOff, BellRing } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { type DevicePushState, useDevicePush } from "../hooks/use-device-push";

const STATUS_TEXT: Partial<Record<DevicePushState, string>> = {
  unsupported: PUSH_TEXTS.unsupported,
  insecure: PUSH_TEXTS.insecure,
  denied: PUSH_TEXTS.denied,
  on: PUSH_TEXTS.enabled,
};

/**
 * Settings → Preferences: push notifications on this device. Asks the browser's permission, subscribes with the
 * server's VAPID key and registers the subscription (or removes it); says plainly when this browser can't.
 * `isPreferenceOn` is the account's `pushNotifications` switch, which decides whether anything is sent at all.
 */
export function DevicePushCard({ isPreferenceOn }: { isPreferenceOn: boolean }) {
  const { state, isBusy, hasFailed, enable, disable } = useDevicePush();
  const status = STATUS_TEXT[state];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{PUSH_TEXTS.title}</CardTitle>
        <CardDescription>{PUSH_TEXTS.hint}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {status && (
          <p className="flex items-start gap-2 text-sm text-gray-700" role="status">
            {state === "on" ? (
              <BellRing className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden />
            ) : (
              <BellOff className="mt-0.5 size-4 shrink-0 text-gray-500" aria-hidden />
            )}
            <span>{status}</span>
          </p>
        )}
        {state === "on" && !isPreferenceOn && <p className="text-sm text-amber-700">{PUSH_TEXTS.preferenceOff}</p>}
        {hasFailed && (
          <p className="text-sm text-red-600" role="alert">
            {PUSH_TEXTS.failed}
          </p>
        )}
        {state === "off" && (
          <Button type="button" onClick={enable} disabled={isBusy}>
            {PUSH_TEXTS.enable}
          </Button>
        )}
        {state === "on" && (
          <Button type="button" variant="outline" onClick={disable} disabled={isBusy}>
            {PUSH_TEXTS.disable}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
