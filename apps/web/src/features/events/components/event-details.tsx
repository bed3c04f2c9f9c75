import type { EventView } from "@plaza/contracts/events";
import { EVENT_CATEGORY_LABELS, EVENT_TEXTS, ticketPriceLabel, ticketRefundText } from "@plaza/contracts/events.texts";
import { formatDollars } from "@plaza/contracts/money";
import { CalendarDays, CalendarPlus, Clock, MapPin, Ticket, Users } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { UploadedPicture } from "@/components/ui/uploaded-picture";
import { useIsHydrated } from "@/lib/use-is-hydrated";
import { calendarUrl } from "../api/calendar-url";
import { goingLabel } from "./event-card";
import { EventCoHostInvite } from "./event-co-host-invite";
import { EventFriendsGoing } from "./event-friends-going";
import { EventPlaceMap } from "./event-place-map";
import { EventRsvp } from "./event-rsvp";
import { EventShareButton } from "./event-share-button";
import { browserTimeZone, eventTimes } from "./event-time";

/**
 * /events/{id}: cover, title, the time on the event's clock (and the viewer's, once the page runs in their
 * browser: the server does not know their zone), place, hosts, description, counts, the RSVP buttons (or a sign-in
 * link), friends going, the calendar file, sharing, the place's map, and `hostActions` for hosts. A paid event shows
 * its price and refund rule, and `ticketAction` (the payments feature's Get ticket) in place of the Going button
 * until the viewer has a ticket (the ticket itself, its code and QR code, is the page's EventTicket card).
 */
export function EventDetails({
  event,
  isSignedIn,
  signInHref,
  eventPath,
  profilePath,
  businessPath,
  hostActions,
  ticketAction,
}: {
  event: EventView;
  eventPath: string;
  isSignedIn: boolean;
  signInHref: string;
  profilePath: (id: string) => string;
  businessPath: (id: string) => string;
  hostActions?: ReactNode;
  ticketAction?: ReactNode;
}) {
  const isHydrated = useIsHydrated();
  const { eventTime, viewerTime } = eventTimes(event, isHydrated ? browserTimeZone() : null);
  return (
    <article className="space-y-4">
      <Card className="overflow-hidden">
        {event.coverUrl ? (
          <UploadedPicture src={event.coverUrl} alt="" className="aspect-[2/1] w-full object-cover" />
        ) : (
          <div aria-hidden className="flex aspect-[3/1] w-full items-center justify-center bg-brand-50">
            <CalendarDays className="h-12 w-12 text-brand-600" />
          </div>
        )}
        <CardContent className="space-y-4 p-4 sm:p-6">
          <div className="space-y-2">
            <div className="flex flex-wrap items-center gap-1.5">
              <Badge variant="secondary">{EVENT_CATEGORY_LABELS[event.category]}</Badge>
              {event.isCancelled && <Badge variant="destructive">{EVENT_TEXTS.cancelled}</Badge>}
            </div>
            <h1 className="text-2xl font-bold wrap-anywhere">{event.title}</h1>
          </div>
          <dl className="space-y-2 text-sm">
            <div className="flex gap-2">
              <dt>
                <Clock aria-hidden className="mt-0.5 h-4 w-4 text-gray-500" />
                <span className="sr-only">When</span>
              </dt>
              <dd className="min-w-0 space-y-0.5">
                <p data-testid="event-time">{eventTime}</p>
                {viewerTime && (
                  <p data-testid="viewer-time" className="text-gray-600">
                    {EVENT_TEXTS.yourTime}: {viewerTime}
                  </p>
                )}
              </dd>
            </div>
            <div className="flex gap-2">
              <dt>
                <MapPin aria-hidden className="mt-0.5 h-4 w-4 text-gray-500" />
                <span className="sr-only">Where</span>
              </dt>
              <dd className="min-w-0 wrap-anywhere">
                {event.place.businessId ? (
                  <Link
                    href={businessPath(event.place.businessId)}
                    className="font-medium text-brand-600 hover:underline"
                  >
                    {event.place.name}
                  </Link>
                ) : (
                  <span className="font-medium">{event.place.name}</span>
                )}
                {event.place.address && <span className="block text-gray-600">{event.place.address}</span>}
              </dd>
            </div>
            <div className="flex gap-2">
              <dt>
                <Users aria-hidden className="mt-0.5 h-4 w-4 text-gray-500" />
                <span className="sr-only">Answers</span>
              </dt>
              <dd data-testid="event-counts">
                {goingLabel(event)} · {event.interestedCount} interested
                {event.waitlistCount > 0 && <> · {event.waitlistCount} on the waitlist</>}
              </dd>
            </div>
            {event.price !== null && (
              <div className="flex gap-2">
                <dt>
                  <Ticket aria-hidden className="mt-0.5 h-4 w-4 text-gray-500" />
                  <span className="sr-only">Tickets</span>
                </dt>
                <dd className="min-w-0 space-y-0.5">
                  <p className="font-medium" data-testid="event-price">
                    {ticketPriceLabel(formatDollars(event.price))}
                  </p>
                  <p className="text-gray-600" data-testid="refund-rule">
                    {ticketRefundText(event.startsAt, new Date())}
                  </p>
                </dd>
              </div>
            )}
          </dl>
          <p className="text-sm">
            {EVENT_TEXTS.hosts}{" "}
            {event.hosts.map((host, index) => (
              <span key={host.id}>
                {index > 0 && ", "}
                <Link href={profilePath(host.id)} className="font-medium text-brand-600 hover:underline">
                  {host.name}
                </Link>
              </span>
            ))}
          </p>
          <EventFriendsGoing event={event} profilePath={profilePath} />
          <EventCoHostInvite event={event} />
          {isSignedIn && event.price !== null && event.viewer.rsvp !== "going" && ticketAction}
          {isSignedIn ? (
            <EventRsvp event={event} />
          ) : (
            <Button asChild size="sm">
              <a href={signInHref}>{EVENT_TEXTS.signInToRsvp}</a>
            </Button>
          )}
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" asChild>
              <a href={calendarUrl(event.id)} download>
                <CalendarPlus aria-hidden /> {EVENT_TEXTS.addToCalendar}
              </a>
            </Button>
            <EventShareButton title={event.title} path={eventPath} />
            {hostActions}
          </div>
          {event.description && <p className="text-sm whitespace-pre-line wrap-anywhere">{event.description}</p>}
          <EventPlaceMap place={event.place} />
        </CardContent>
      </Card>
    </article>
  );
}
