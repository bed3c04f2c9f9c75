import { CalendarSync, Copy, RefreshCw } from "lucide-react";
import { useState } from "react";
import { defineMessages, useIntl } from "react-intl";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { useRotateCalendarFeed, useShowCalendarFeed } from "../api/calendar-feed";

const messages = defineMessages({
  title: { id: "events.calendarFeed.title", defaultMessage: "Calendar feed" },
  hint: {
    id: "events.calendarFeed.hint",
    defaultMessage:
      "Subscribe to this private link in your calendar app to see the events you are going to or host. Anyone with the link can read it.",
  },
  show: { id: "events.calendarFeed.show", defaultMessage: "Show my calendar link" },
  copy: { id: "events.calendarFeed.copy", defaultMessage: "Copy link" },
  rotate: { id: "events.calendarFeed.rotate", defaultMessage: "Make a new link" },
  rotated: { id: "events.calendarFeed.rotated", defaultMessage: "New link made: the old one no longer works" },
  linkCopied: { id: "events.calendarFeed.linkCopied", defaultMessage: "Link copied" },
  copyFailed: {
    id: "events.calendarFeed.copyFailed",
    defaultMessage: "Couldn't copy the link: copy it from the address bar",
  },
  showFailed: { id: "events.calendarFeed.showFailed", defaultMessage: "Could not make the link." },
  rotateFailed: { id: "events.calendarFeed.rotateFailed", defaultMessage: "Could not make a new link." },
});

/** Settings: the private calendar feed of the events the person is going to or hosts; its link, copied or rotated. */
export function CalendarFeedCard() {
  const intl = useIntl();
  const [url, setUrl] = useState<string | null>(null);
  const show = useShowCalendarFeed();
  const rotate = useRotateCalendarFeed();
  const copy = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link);
      toast({ title: intl.formatMessage(messages.linkCopied) });
    } catch {
      toast({ title: intl.formatMessage(messages.copyFailed), variant: "destructive" });
    }
  };
  return (
    <Card id="calendar">
      <CardHeader>
        <CardTitle>{intl.formatMessage(messages.title)}</CardTitle>
        <CardDescription>{intl.formatMessage(messages.hint)}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {url ? (
          <Input
            readOnly
            value={url}
            aria-label={intl.formatMessage(messages.title)}
            onFocus={(focus) => focus.target.select()}
          />
        ) : (
          <Button
            variant="outline"
            disabled={show.isPending}
            onClick={() =>
              show.mutate(undefined, {
                onSuccess: (feed) => setUrl(feed.url),
                onError: (error) => toastFailure(error, intl.formatMessage(messages.showFailed)),
              })
            }
          >
            <CalendarSync aria-hidden /> {intl.formatMessage(messages.show)}
          </Button>
        )}
        {url && (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => void copy(url)}>
              <Copy aria-hidden /> {intl.formatMessage(messages.copy)}
            </Button>
            <Button
              variant="outline"
              disabled={rotate.isPending}
              onClick={() =>
                rotate.mutate(undefined, {
                  onSuccess: (feed) => {
                    setUrl(feed.url);
                    toast({ title: intl.formatMessage(messages.rotated) });
                  },
                  onError: (error) => toastFailure(error, intl.formatMessage(messages.rotateFailed)),
                })
              }
            >
              <RefreshCw aria-hidden /> {intl.formatMessage(messages.rotate)}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
