import { DOOR_TEXTS } from "@plaza/contracts/event-door.texts";
import type { EventView } from "@plaza/contracts/events";
import { EVENT_MESSAGES, EVENT_TEXTS } from "@plaza/contracts/events.texts";
import { dollarsToCents } from "@plaza/contracts/money";
import { ArrowLeft, ClipboardList } from "lucide-react";
import { defineMessages, useIntl } from "react-intl";
import { Link, useParams } from "wouter";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { LoadFailure } from "@/components/ui/load-failure";
import { PageSkeleton } from "@/components/ui/skeleton";
import { useAuth } from "@/features/auth/hooks/use-auth";
import { useBusinessOfUser } from "@/features/businesses/api/get-business-of-user";
import { useEvent } from "@/features/events/api/get-event";
import { EventDetails } from "@/features/events/components/event-details";
import { EventHostActions } from "@/features/events/components/event-host-actions";
import { EventTicket } from "@/features/events/components/event-ticket";
import { rsvpBlockedReason } from "@/features/events/components/rsvp-buttons";
import { TicketButton } from "@/features/payments/components/ticket-button";
import { useText } from "@/i18n/texts";
import { pageFailureStatus, usePageFailureStatus } from "@/lib/page-status";
import { paths } from "@/lib/paths";

const messages = defineMessages({
  loading: { id: "shell.event.loading", defaultMessage: "Loading event..." },
  failed: { id: "shell.event.failed", defaultMessage: "Couldn't load this event" },
  signIn: { id: "shell.event.sign-in", defaultMessage: "Sign in" },
});

/** /events/{id}: one event; signed-out visitors see public ones and are offered sign-in to answer. */
export default function EventRoute() {
  const intl = useIntl();
  const text = useText();
  const { eventId = "" } = useParams<{ eventId: string }>();
  const { user } = useAuth();
  const event = useEvent(eventId);
  const isHost = event.data?.viewer.isHost ?? false;
  const business = useBusinessOfUser(user?.id, isHost && user?.profileType === "business");
  const businesses = business.data ? [{ id: business.data.id, name: business.data.name }] : [];
  // A missing event (or one not shared with the viewer) is a 404 page when the server renders it.
  usePageFailureStatus(event.error);
  const failureStatus = pageFailureStatus(event.error);
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <Button variant="ghost" size="sm" asChild>
        <Link href={paths.events}>
          <ArrowLeft aria-hidden className="rtl:-scale-x-100" /> {text(EVENT_TEXTS.title)}
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
      {event.isError && failureStatus !== null && (
        <Card>
          <CardContent className="p-8 text-center">
            <h1 className="text-lg font-medium">{text(EVENT_TEXTS.notFound)}</h1>
            <p className="mt-1 text-sm text-gray-600">{text(EVENT_TEXTS.notFoundHint)}</p>
            {!user && (
              <Button className="mt-4" asChild>
                <a href={paths.loginReturningTo(paths.event(eventId))}>{intl.formatMessage(messages.signIn)}</a>
              </Button>
            )}
          </CardContent>
        </Card>
      )}
      {event.data?.viewer.ticket && <EventTicket code={event.data.viewer.ticket.code} />}
      {event.data && (
        <EventDetails
          event={event.data}
          isSignedIn={user !== null}
          signInHref={paths.loginReturningTo(paths.event(eventId))}
          eventPath={paths.event(eventId)}
          profilePath={paths.profile}
          businessPath={paths.business}
          hostActions={
            isHost ? (
              <>
                <Button variant="outline" size="sm" asChild>
                  <Link href={paths.eventManage(eventId)}>
                    <ClipboardList aria-hidden /> {text(DOOR_TEXTS.manage)}
                  </Link>
                </Button>
                <EventHostActions event={event.data} businesses={businesses} />
              </>
            ) : undefined
          }
          ticketAction={ticketActionOf(event.data, text)}
        />
      )}
    </div>
  );
}

/**
 * Get ticket for a paid event the viewer does not host (the creator, first of the hosts, is paid); `text` puts the
 * reason it is blocked into the page's language.
 */
function ticketActionOf(event: EventView, text: (english: string) => string) {
  const [host] = event.hosts;
  if (event.price === null || event.viewer.isHost || !host) return undefined;
  const isSoldOut = event.capacity !== null && event.goingCount >= event.capacity;
  const blockedReason = rsvpBlockedReason(event) ?? (isSoldOut ? EVENT_MESSAGES.soldOut : null);
  return (
    <TicketButton
      event={{
        id: event.id,
        title: event.title,
        priceCents: dollarsToCents(event.price),
        host: { id: host.id, name: host.name },
        blockedReason: blockedReason === null ? null : text(blockedReason),
      }}
    />
  );
}
