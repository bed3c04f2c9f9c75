import { DOOR_TEXTS } from "@plaza/contracts/event-door.texts";
import { ArrowLeft } from "lucide-react";
import { defineMessages, useIntl } from "react-intl";
import { Link, useParams } from "wouter";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { LoadFailure } from "@/components/ui/load-failure";
import { PageSkeleton } from "@/components/ui/skeleton";
import { useAttendeeCounts } from "@/features/events/api/get-attendees";
import { useEvent } from "@/features/events/api/get-event";
import { AttendeeLists } from "@/features/events/components/attendee-lists";
import { DoorScanner } from "@/features/events/components/door-scanner";
import { useText } from "@/i18n/texts";
import { pageFailureStatus, usePageFailureStatus } from "@/lib/page-status";
import { paths } from "@/lib/paths";

const messages = defineMessages({
  loading: { id: "shell.event-manage.loading", defaultMessage: "Loading guests..." },
  failed: { id: "shell.event-manage.failed", defaultMessage: "Couldn't load this event" },
});

/** /events/{id}/manage: the host's view of an event: who is going, the waitlist, the interested, and the door. */
export default function EventManageRoute() {
  const intl = useIntl();
  const text = useText();
  const { eventId = "" } = useParams<{ eventId: string }>();
  const event = useEvent(eventId);
  const isHost = event.data?.viewer.isHost ?? false;
  const counts = useAttendeeCounts(eventId, isHost);
  usePageFailureStatus(event.error);
  const failureStatus = pageFailureStatus(event.error);
  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <Button variant="ghost" size="sm" asChild>
        <Link href={paths.event(eventId)}>
          <ArrowLeft aria-hidden className="rtl:-scale-x-100" /> {text(DOOR_TEXTS.back)}
        </Link>
      </Button>
      {event.isLoading && <PageSkeleton label={intl.formatMessage(messages.loading)} />}
      {event.isError && failureStatus === null && (
        <LoadFailure
          title={intl.formatMessage(messages.failed)}
          error={event.error}
          onRetry={() => event.refetch()}
          isRetrying={event.isFetching}
        />
      )}
      {(failureStatus !== null || (event.data && !isHost)) && (
        <Card>
          <CardContent className="p-8 text-center">
            <h1 className="text-lg font-medium">{text(DOOR_TEXTS.notHostTitle)}</h1>
          </CardContent>
        </Card>
      )}
      {event.data && isHost && (
        <>
          <header className="space-y-1">
            <h1 className="text-2xl font-bold wrap-anywhere">{text(DOOR_TEXTS.manageTitle(event.data.title))}</h1>
            {counts.data && (
              <p className="text-sm text-gray-600" data-testid="admitted-count">
                {text(DOOR_TEXTS.admittedCount(counts.data.admitted, counts.data.going))}
              </p>
            )}
          </header>
          <div className="grid gap-4 md:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] md:items-start">
            <DoorScanner eventId={eventId} timeZone={event.data.timeZone} />
            <Card>
              <CardContent className="p-4">
                <AttendeeLists
                  eventId={eventId}
                  counts={counts.data}
                  timeZone={event.data.timeZone}
                  profilePath={paths.profile}
                />
              </CardContent>
            </Card>
          </div>
        </>
      )}
    </div>
  );
}
