import { FEDERATION_TEXTS } from "@plaza/contracts/federation.texts";
import { Copy } from "lucide-react";
import { defineMessages, useIntl } from "react-intl";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { useText } from "@/i18n/texts";
import { useFederationSettings, useUpdateFederationSettings } from "../api/federation-settings";

const messages = defineMessages({
  title: { id: "fediverse.card.title", defaultMessage: "Fediverse" },
  discoverableHint: {
    id: "fediverse.card.discoverableHint",
    defaultMessage: "Off: other servers cannot find your account, and your posts stop reaching them.",
  },
  handle: { id: "fediverse.card.handle", defaultMessage: "Your handle on other servers" },
  notDiscoverable: {
    id: "fediverse.card.notDiscoverable",
    defaultMessage: "Turn this on to get a handle people elsewhere can follow.",
  },
  copy: { id: "fediverse.card.copy", defaultMessage: "Copy handle" },
  copied: { id: "fediverse.card.copied", defaultMessage: "Handle copied" },
  copyFailed: { id: "fediverse.card.copyFailed", defaultMessage: "Couldn't copy the handle: select it and copy it" },
  saved: { id: "fediverse.card.saved", defaultMessage: "Fediverse setting saved" },
  failed: { id: "fediverse.card.failed", defaultMessage: "Could not save the setting." },
});

/**
 * Settings: the account on the fediverse — its handle (`@name@town`) and "discoverable on other servers"
 * (docs/decisions/0012-federation.md). Shown only where the town federates (FEDERATION=on): elsewhere the switch
 * would change nothing.
 */
export function FediverseCard() {
  const intl = useIntl();
  const text = useText();
  const settings = useFederationSettings();
  const update = useUpdateFederationSettings();
  if (!settings.data?.isAvailable) return null;
  const { isDiscoverable, handle } = settings.data;
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: intl.formatMessage(messages.copied) });
    } catch {
      toast({ title: intl.formatMessage(messages.copyFailed), variant: "destructive" });
    }
  };
  return (
    <Card id="fediverse">
      <CardHeader>
        <CardTitle>{intl.formatMessage(messages.title)}</CardTitle>
        <CardDescription>{text(FEDERATION_TEXTS.discoverableHelp)}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex items-center justify-between gap-4">
          <div>
            <Label htmlFor="fediverse-discoverable">{text(FEDERATION_TEXTS.discoverableLabel)}</Label>
            <p className="text-sm text-gray-500">{intl.formatMessage(messages.discoverableHint)}</p>
          </div>
          <Switch
            id="fediverse-discoverable"
            checked={isDiscoverable}
            disabled={update.isPending}
            onCheckedChange={(checked) =>
              update.mutate(
                { isDiscoverable: checked },
                {
                  onSuccess: () => toast({ title: intl.formatMessage(messages.saved) }),
                  onError: (error) => toastFailure(error, intl.formatMessage(messages.failed)),
                },
              )
            }
          />
        </div>
        {handle ? (
          <div className="space-y-1">
            <p className="text-sm font-medium">{intl.formatMessage(messages.handle)}</p>
            <div className="flex flex-wrap items-center gap-2">
              <bdi dir="ltr" className="break-all font-mono text-sm" data-testid="fediverse-handle">
                {handle}
              </bdi>
              <Button size="sm" variant="outline" className="min-h-11" onClick={() => void copy(handle)}>
                <Copy aria-hidden /> {intl.formatMessage(messages.copy)}
              </Button>
            </div>
          </div>
        ) : (
          <p className="text-sm text-gray-600">{intl.formatMessage(messages.notDiscoverable)}</p>
        )}
      </CardContent>
    </Card>
  );
}
