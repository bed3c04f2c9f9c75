import { EVENT_TEXTS } from "@plaza/contracts/events.texts";
import { CalendarSync, Copy, RefreshCw } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { useRotateCalendarFeed, useShowCalendarFeed } from "../api/calendar-feed";

/** Settings: the private calendar feed of the events the person is going to or hosts; its link, copied or rotated. */
export function CalendarFeedCard() {
  const [url, setUrl] = useState<string | null>(null);
  const show = useShowCalendarFeed();
  const rotate = useRotateCalendarFeed();
  const copy = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link);
      toast({ title: EVENT_TEXTS.linkCopied });
    } catch {
      toast({ title: EVENT_TEXTS.copyFailed, variant: "destructive" });
    }
  };
  return (
    <Card id="calendar">
      <CardHeader>
        <CardTitle>{EVENT_TEXTS.calendarFeedTitle}</CardTitle>
        <CardDescription>{EVENT_TEXTS.calendarFeedHint}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {url ? (
          <Input
            readOnly
            value={url}
            aria-label={EVENT_TEXTS.calendarFeedTitle}
            onFocus={(focus) => focus.target.select()}
          />
        ) : (
          <Button
            variant="outline"
            disabled={show.isPending}
            onClick={() =>
              show.mutate(undefined, {
                onSuccess: (feed) => setUrl(feed.url),
                onError: (error) => toastFailure(error, "Could not make the link."),
              })
            }
          >
            <CalendarSync aria-hidden /> {EVENT_TEXTS.calendarFeedShow}
          </Button>
        )}
        {url && (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => void copy(url)}>
              <Copy aria-hidden /> {EVENT_TEXTS.calendarFeedCopy}
            </Button>
            <Button
              variant="outline"
              disabled={rotate.isPending}
              onClick={() =>
                rotate.mutate(undefined, {
                  onSuccess: (feed) => {
                    setUrl(feed.url);
                    toast({ title: EVENT_TEXTS.calendarFeedRotated });
                  },
                  onError: (error) => toastFailure(error, "Could not make a new link."),
                })
              }
            >
              <RefreshCw aria-hidden /> {EVENT_TEXTS.calendarFeedRotate}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
