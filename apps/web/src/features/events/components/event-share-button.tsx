import { Share2 } from "lucide-react";
import { defineMessages, useIntl } from "react-intl";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";

const messages = defineMessages({
  share: { id: "events.share.share", defaultMessage: "Share" },
  linkCopied: { id: "events.share.linkCopied", defaultMessage: "Link copied" },
  copyFailed: { id: "events.share.copyFailed", defaultMessage: "Couldn't copy the link: copy it from the address bar" },
});

/**
 * Share: the system's share sheet where the browser has one (phones), else the link is copied; when neither works
 * the toast shows the link to copy by hand.
 */
export function EventShareButton({ title, path }: { title: string; path: string }) {
  const intl = useIntl();
  const share = async () => {
    const url = `${window.location.origin}${path}`;
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        // The viewer closed the sheet: nothing to do. Another failure falls back to copying.
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: intl.formatMessage(messages.linkCopied), description: url });
    } catch {
      toast({ title: intl.formatMessage(messages.copyFailed), description: url, variant: "destructive" });
    }
  };
  return (
    <Button variant="outline" size="sm" onClick={() => void share()}>
      <Share2 aria-hidden /> {intl.formatMessage(messages.share)}
    </Button>
  );
}
