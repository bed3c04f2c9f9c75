import type { AttendeeCountsView, AttendeeView } from "@plaza/contracts/event-door";
import { ATTENDEE_STATUSES, type AttendeeStatus } from "@plaza/contracts/event-door.texts";
import { displayName } from "@plaza/contracts/users.texts";
import { CircleCheck } from "lucide-react";
import { useState } from "react";
import { defineMessage, defineMessages, useIntl } from "react-intl";
import { Link } from "wouter";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadMore } from "@/components/ui/load-more";
import { SkeletonList } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { VerifiedBadge } from "@/components/ui/verified-badge";
import { failureMessage } from "@/lib/api-client";
import { useAttendees } from "../api/get-attendees";

const messages = defineMessages({
  waitlistPosition: defineMessage<{ position: number }>({
    id: "events.attendees.waitlistPosition",
    defaultMessage: "#{position} in line",
  }),
  admitted: { id: "events.attendees.admitted", defaultMessage: "Admitted" },
  notAdmitted: { id: "events.attendees.notAdmitted", defaultMessage: "Not admitted yet" },
  loading: { id: "events.attendees.loading", defaultMessage: "Loading guests..." },
  loadFailed: { id: "events.attendees.loadFailed", defaultMessage: "Couldn't load this list" },
  tryAgain: { id: "events.attendees.tryAgain", defaultMessage: "Try again" },
});

const TAB_LABELS = defineMessages({
  going: { id: "events.attendees.tabGoing", defaultMessage: "Going" },
  waitlisted: { id: "events.attendees.tabWaitlisted", defaultMessage: "Waitlist" },
  interested: { id: "events.attendees.tabInterested", defaultMessage: "Interested" },
});

const EMPTY = defineMessages({
  going: { id: "events.attendees.emptyGoing", defaultMessage: "Nobody is going yet" },
  waitlisted: { id: "events.attendees.emptyWaitlisted", defaultMessage: "Nobody is on the waitlist" },
  interested: { id: "events.attendees.emptyInterested", defaultMessage: "Nobody is interested yet" },
});

function AttendeeRow({
  attendee,
  timeZone,
  profilePath,
}: {
  attendee: AttendeeView;
  timeZone: string;
  profilePath: (id: string) => string;
}) {
  const intl = useIntl();
  const { user } = attendee;
  const name = displayName(user);
  return (
    <li className="flex min-h-14 items-center gap-3 py-2" data-testid="attendee">
      <Avatar className="h-10 w-10">
        {user.profileImageUrl && <AvatarImage src={user.profileImageUrl} alt="" />}
        <AvatarFallback>{name.charAt(0).toUpperCase()}</AvatarFallback>
      </Avatar>
      <div className="min-w-0 flex-1">
        <Link href={profilePath(user.id)} className="flex items-center gap-1 font-medium hover:underline">
          <span className="truncate">{name}</span>
          {user.isVerified && <VerifiedBadge />}
        </Link>
        <p className="truncate text-sm text-gray-600">
          <bdi dir="ltr">@{user.username}</bdi>
        </p>
      </div>
      {attendee.waitlistPosition !== null && (
        <Badge variant="secondary">
          {intl.formatMessage(messages.waitlistPosition, { position: attendee.waitlistPosition })}
        </Badge>
      )}
      {attendee.status === "going" &&
        (attendee.admittedAt ? (
          <span className="flex shrink-0 items-center gap-1 text-sm font-medium text-green-700">
            <CircleCheck aria-hidden className="h-4 w-4" />
            <span>
              {intl.formatMessage(messages.admitted)}
              <span className="sr-only sm:not-sr-only">
                {" "}
                {intl.formatTime(attendee.admittedAt, { timeZone, hour: "numeric", minute: "2-digit" })}
              </span>
            </span>
          </span>
        ) : (
          <span className="sr-only">{intl.formatMessage(messages.notAdmitted)}</span>
        ))}
    </li>
  );
}

function AttendeeList({
  eventId,
  status,
  timeZone,
  profilePath,
}: {
  eventId: string;
  status: AttendeeStatus;
  timeZone: string;
  profilePath: (id: string) => string;
}) {
  const intl = useIntl();
  const list = useAttendees(eventId, status);
  const people = list.data?.pages.flatMap((page) => page.data) ?? [];
  if (list.isLoading) return <SkeletonList count={3} hasAvatar label={intl.formatMessage(messages.loading)} />;
  if (list.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-2 py-4 text-sm text-gray-700">
        {failureMessage(list.error, intl.formatMessage(messages.loadFailed))}
        <Button variant="outline" size="sm" onClick={() => list.refetch()}>
          {intl.formatMessage(messages.tryAgain)}
        </Button>
      </div>
    );
  }
  if (people.length === 0) return <EmptyState title={intl.formatMessage(EMPTY[status])} />;
  return (
    <>
      <ul className="divide-y divide-gray-100">
        {people.map((attendee) => (
          <AttendeeRow key={attendee.user.id} attendee={attendee} timeZone={timeZone} profilePath={profilePath} />
        ))}
      </ul>
      <LoadMore
        hasNextPage={list.hasNextPage}
        isFetchingNextPage={list.isFetchingNextPage}
        onLoadMore={() => list.fetchNextPage()}
      />
    </>
  );
}

/** The host's lists: Going (with admitted marks), Waitlist (in line order) and Interested, each with its count. */
export function AttendeeLists({
  eventId,
  counts,
  timeZone,
  profilePath,
}: {
  eventId: string;
  counts: AttendeeCountsView | undefined;
  timeZone: string;
  profilePath: (id: string) => string;
}) {
  const intl = useIntl();
  const [tab, setTab] = useState<AttendeeStatus>("going");
  return (
    <Tabs value={tab} onValueChange={(value) => setTab(value as AttendeeStatus)}>
      <TabsList className="w-full">
        {ATTENDEE_STATUSES.map((status) => (
          <TabsTrigger key={status} value={status}>
            {intl.formatMessage(TAB_LABELS[status])}
            {counts && <span className="text-gray-500 tabular-nums">{counts[status]}</span>}
          </TabsTrigger>
        ))}
      </TabsList>
      {ATTENDEE_STATUSES.map((status) => (
        <TabsContent key={status} value={status} className="pt-2">
          <AttendeeList eventId={eventId} status={status} timeZone={timeZone} profilePath={profilePath} />
        </TabsContent>
      ))}
    </Tabs>
  );
}
