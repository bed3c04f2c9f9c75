import { BellOff, BellRing } from "lucide-react";
import { defineMessages, type MessageDescriptor, useIntl } from "react-intl";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { type DevicePushState, useDevicePush } from "../hooks/use-device-push";

const messages = defineMessages({
  title: { id: "push.device.title", defaultMessage: "Push notifications on this device" },
  hint: {
    id: "push.device.hint",
    defaultMessage: "Get a notification on this device when something happens, even when Plaza is closed.",
  },
  enable: { id: "push.device.enable", defaultMessage: "Turn on for this device" },
  disable: { id: "push.device.disable", defaultMessage: "Turn off for this device" },
  preferenceOff: {
    id: "push.device.preferenceOff",
    defaultMessage: "Push notifications are turned off in your preferences above, so nothing is sent to this device.",
  },
  failed: { id: "push.device.failed", defaultMessage: "Push notifications could not be turned on. Please try again." },
});

const STATUS_TEXT: Partial<Record<DevicePushState, MessageDescriptor>> = defineMessages({
  unsupported: { id: "push.device.unsupported", defaultMessage: "This browser can't receive push notifications." },
  insecure: { id: "push.device.insecure", defaultMessage: "Push notifications need a secure (https) connection." },
  denied: {
    id: "push.device.denied",
    defaultMessage:
      "Notifications are blocked for Plaza in this browser. Allow them in the browser's site settings, then try again.",
  },
  on: { id: "push.device.enabled", defaultMessage: "This device receives push notifications." },
});

/**
 * Settings → Preferences: push notifications on this device. Asks the browser's permission, subscribes with the
 * server's VAPID key and registers the subscription (or removes it); says plainly when this browser can't.
 * `isPreferenceOn` is the account's `pushNotifications` switch, which decides whether anything is sent at all.
 */
export function DevicePushCard({ isPreferenceOn }: { isPreferenceOn: boolean }) {
  const intl = useIntl();
  const { state, isBusy, hasFailed, enable, disable } = useDevicePush();
  const status = STATUS_TEXT[state];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{intl.formatMessage(messages.title)}</CardTitle>
        <CardDescription>{intl.formatMessage(messages.hint)}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {status && (
          <p className="flex items-start gap-2 text-sm text-gray-700" role="status">
            {state === "on" ? (
              <BellRing className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden />
            ) : (
              <BellOff className="mt-0.5 size-4 shrink-0 text-gray-500" aria-hidden />
            )}
            <span>{intl.formatMessage(status)}</span>
          </p>
        )}
        {state === "on" && !isPreferenceOn && (
          <p className="text-sm text-amber-700">{intl.formatMessage(messages.preferenceOff)}</p>
        )}
        {hasFailed && (
          <p className="text-sm text-red-600" role="alert">
            {intl.formatMessage(messages.failed)}
          </p>
        )}
        {state === "off" && (
          <Button type="button" onClick={enable} disabled={isBusy}>
            {intl.formatMessage(messages.enable)}
          </Button>
        )}
        {state === "on" && (
          <Button type="button" variant="outline" onClick={disable} disabled={isBusy}>
            {intl.formatMessage(messages.disable)}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
