import type { EventView } from "@plaza/contracts/events";
import { isTicketRefundable } from "@plaza/contracts/events.texts";
import { formatDollars } from "@plaza/contracts/money";
import { CalendarDays, CalendarPlus, Clock, MapPin, Ticket, Users } from "lucide-react";
import type { ReactNode } from "react";
import { defineMessage, defineMessages, useIntl } from "react-intl";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { UploadedPicture } from "@/components/ui/uploaded-picture";
import { useIsHydrated } from "@/lib/use-is-hydrated";
import { calendarUrl } from "../api/calendar-url";
import { EventCoHostInvite } from "./event-co-host-invite";
import { EventFriendsGoing } from "./event-friends-going";
import { cancelledText, categoryMessages, goingText } from "./event-labels";
import { EventPlaceMap } from "./event-place-map";
import { EventRsvp } from "./event-rsvp";
import { EventShareButton } from "./event-share-button";
import { browserTimeZone, eventTimes } from "./event-time";

const messages = defineMessages({
  when: { id: "events.details.when", defaultMessage: "When" },
  where: { id: "events.details.where", defaultMessage: "Where" },
  answers: { id: "events.details.answers", defaultMessage: "Answers" },
  tickets: { id: "events.details.tickets", defaultMessage: "Tickets" },
  yourTime: defineMessage<{ time: string }>({ id: "events.details.yourTime", defaultMessage: "Your time: {time}" }),
  interested: defineMessage<{ count: number }>({
    id: "events.details.interested",
    defaultMessage: "{count, plural, one {# interested} other {# interested}}",
  }),
  onWaitlist: defineMessage<{ count: number }>({
    id: "events.details.onWaitlist",
    defaultMessage: "{count, plural, one {# on the waitlist} other {# on the waitlist}}",
  }),
  price: defineMessage<{ price: string }>({ id: "events.details.price", defaultMessage: "Tickets {price}" }),
  refundable: {
    id: "events.details.refundable",
    defaultMessage: "Full refund if you leave until 24 hours before the start; no refund after that.",
  },
  notRefundable: {
    id: "events.details.notRefundable",
    defaultMessage: "No refunds: the event starts within 24 hours.",
  },
  hosts: { id: "events.details.hosts", defaultMessage: "Hosted by" },
  signInToRsvp: { id: "events.details.signInToRsvp", defaultMessage: "Sign in to answer" },
  addToCalendar: { id: "events.details.addToCalendar", defaultMessage: "Add to calendar" },
});

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
  const intl = useIntl();
  const isHydrated = useIsHydrated();
  const { eventTime, viewerTime } = eventTimes(event, isHydrated ? browserTimeZone() : null, intl.locale);
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
              <Badge variant="secondary">{intl.formatMessage(categoryMessages[event.category])}</Badge>
              {event.isCancelled && <Badge variant="destructive">{cancelledText(intl)}</Badge>}
            </div>
            <h1 className="text-2xl font-bold wrap-anywhere">{event.title}</h1>
          </div>
          <dl className="space-y-2 text-sm">
            <div className="flex gap-2">
              <dt>
                <Clock aria-hidden className="mt-0.5 h-4 w-4 text-gray-500" />
                <span className="sr-only">{intl.formatMessage(messages.when)}</span>
              </dt>
              <dd className="min-w-0 space-y-0.5">
                <p data-testid="event-time">{eventTime}</p>
                {viewerTime && (
                  <p data-testid="viewer-time" className="text-gray-600">
                    {intl.formatMessage(messages.yourTime, { time: viewerTime })}
                  </p>
                )}
              </dd>
            </div>
            <div className="flex gap-2">
              <dt>
                <MapPin aria-hidden className="mt-0.5 h-4 w-4 text-gray-500" />
                <span className="sr-only">{intl.formatMessage(messages.where)}</span>
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
                <span className="sr-only">{intl.formatMessage(messages.answers)}</span>
              </dt>
              <dd data-testid="event-counts">
                {goingText(intl, event)} · {intl.formatMessage(messages.interested, { count: event.interestedCount })}
                {event.waitlistCount > 0 && (
                  <> · {intl.formatMessage(messages.onWaitlist, { count: event.waitlistCount })}</>
                )}
              </dd>
            </div>
            {event.price !== null && (
              <div className="flex gap-2">
                <dt>
                  <Ticket aria-hidden className="mt-0.5 h-4 w-4 text-gray-500" />
                  <span className="sr-only">{intl.formatMessage(messages.tickets)}</span>
                </dt>
                <dd className="min-w-0 space-y-0.5">
                  <p className="font-medium" data-testid="event-price">
                    {intl.formatMessage(messages.price, { price: formatDollars(event.price, intl.locale) })}
                  </p>
                  <p className="text-gray-600" data-testid="refund-rule">
                    {intl.formatMessage(
                      isTicketRefundable(event.startsAt, new Date()) ? messages.refundable : messages.notRefundable,
                    )}
                  </p>
                </dd>
              </div>
            )}
          </dl>
          <p className="text-sm">
            {intl.formatMessage(messages.hosts)}{" "}
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
              <a href={signInHref}>{intl.formatMessage(messages.signInToRsvp)}</a>
            </Button>
          )}
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" asChild>
              <a href={calendarUrl(event.id)} download>
                <CalendarPlus aria-hidden /> {intl.formatMessage(messages.addToCalendar)}
              </a>
            </Button>
            <EventShareButton title={event.title} path={eventPath} />
            {hostActions}
          </div>
          {event.description && (
            <p dir="auto" className="text-sm whitespace-pre-line wrap-anywhere">
              {event.description}
            </p>
          )}
          <EventPlaceMap place={event.place} />
        </CardContent>
      </Card>
    </article>
  );
}
