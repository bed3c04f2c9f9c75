import type { EventView } from "@plaza/contracts/events";
import { CalendarDays, MapPin, Users } from "lucide-react";
import { useIntl } from "react-intl";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { UploadedPicture } from "@/components/ui/uploaded-picture";
import { cancelledText, categoryMessages, goingText, rsvpMessages, waitlistedText } from "./event-labels";
import { formatEventRange } from "./event-time";

/** One event in a list: cover, title, time on the event's clock, place, seats; the whole card links to it. */
export function EventCard({ event, href }: { event: EventView; href: string }) {
  const intl = useIntl();
  const rsvp = event.viewer.rsvp;
  return (
    <Card data-testid="event-card" className="relative flex min-w-0 overflow-hidden">
      {event.coverUrl ? (
        <UploadedPicture
          src={event.coverUrl}
          alt=""
          className="h-auto w-24 shrink-0 object-cover sm:w-36"
          boxClassName="h-auto w-24 shrink-0 text-xs sm:w-36"
          loading="lazy"
        />
      ) : (
        <div aria-hidden className="flex w-24 shrink-0 items-center justify-center bg-brand-50 sm:w-36">
          <CalendarDays className="h-8 w-8 text-brand-600" />
        </div>
      )}
      <div className="min-w-0 flex-1 space-y-1 p-3">
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge variant="secondary">{intl.formatMessage(categoryMessages[event.category])}</Badge>
          {event.isCancelled && <Badge variant="destructive">{cancelledText(intl)}</Badge>}
          {rsvp === "going" && <Badge variant="success">{intl.formatMessage(rsvpMessages.going)}</Badge>}
          {rsvp === "waitlisted" && (
            <Badge variant="warning">{waitlistedText(intl, event.viewer.waitlistPosition)}</Badge>
          )}
        </div>
        <h3 className="font-semibold wrap-anywhere">
          <Link href={href} className="after:absolute after:inset-0 hover:underline">
            {event.title}
          </Link>
        </h3>
        <p className="text-sm text-gray-700">
          {formatEventRange(event.startsAt, event.endsAt, event.timeZone, intl.locale)}
        </p>
        <p className="flex min-w-0 items-center gap-1 text-sm text-gray-600">
          <MapPin aria-hidden className="h-3.5 w-3.5 shrink-0" />
          <span className="truncate">{event.place.name}</span>
        </p>
        <p className="flex items-center gap-1 text-sm text-gray-600">
          <Users aria-hidden className="h-3.5 w-3.5 shrink-0" />
          {goingText(intl, event)}
        </p>
      </div>
    </Card>
  );
}
