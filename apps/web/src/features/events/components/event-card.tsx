import type { EventView } from "@plaza/contracts/events";
import { EVENT_CATEGORY_LABELS, EVENT_TEXTS, waitlistedLabel } from "@plaza/contracts/events.texts";
import { CalendarDays, MapPin, Users } from "lucide-react";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { UploadedPicture } from "@/components/ui/uploaded-picture";
import { formatEventRange } from "./event-time";

/** "12 going / 40" or "12 going". */
export const goingLabel = (event: Pick<EventView, "goingCount" | "capacity">) =>
  event.capacity === null ? `${event.goingCount} going` : `${event.goingCount} going / ${event.capacity}`;

/** One event in a list: cover, title, time on the event's clock, place, seats; the whole card links to it. */
export function EventCard({ event, href }: { event: EventView; href: string }) {
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
          <Badge variant="secondary">{EVENT_CATEGORY_LABELS[event.category]}</Badge>
          {event.isCancelled && <Badge variant="destructive">{EVENT_TEXTS.cancelled}</Badge>}
          {rsvp === "going" && <Badge variant="success">Going</Badge>}
          {rsvp === "waitlisted" && <Badge variant="warning">{waitlistedLabel(event.viewer.waitlistPosition)}</Badge>}
        </div>
        <h3 className="font-semibold wrap-anywhere">
          <Link href={href} className="after:absolute after:inset-0 hover:underline">
            {event.title}
          </Link>
        </h3>
        <p className="text-sm text-gray-700">{formatEventRange(event.startsAt, event.endsAt, event.timeZone)}</p>
        <p className="flex min-w-0 items-center gap-1 text-sm text-gray-600">
          <MapPin aria-hidden className="h-3.5 w-3.5 shrink-0" />
          <span className="truncate">{event.place.name}</span>
        </p>
        <p className="flex items-center gap-1 text-sm text-gray-600">
          <Users aria-hidden className="h-3.5 w-3.5 shrink-0" />
          {goingLabel(event)}
        </p>
      </div>
    </Card>
  );
}
