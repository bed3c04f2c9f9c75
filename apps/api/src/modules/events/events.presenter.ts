import type { EventView } from "@plaza/contracts/events";
import { displayName } from "@plaza/contracts/users";
import type { EventHostRow, EventListRow } from "./events.repository";
import type { FriendsGoing } from "./friends-going.repository";

/** An event as one viewer sees it: its fields, its accepted hosts, its counters and the viewer's own answer. */
export function presentEvent(
  row: EventListRow,
  hosts: EventHostRow[],
  viewerId: string | null,
  friendsGoing: Map<string, FriendsGoing>,
): EventView {
  const { event, business } = row;
  const friends = friendsGoing.get(event.id);
  const ownHosts = hosts.filter((host) => host.eventId === event.id);
  return {
    id: event.id,
    title: event.title,
    description: event.description,
    startsAt: event.startsAt.toISOString(),
    endsAt: event.endsAt.toISOString(),
    timeZone: event.timeZone,
    place: business
      ? { businessId: event.businessId, ...business }
      : {
          businessId: null,
          name: event.placeName,
          address: event.placeAddress,
          latitude: event.latitude,
          longitude: event.longitude,
        },
    category: event.category,
    coverUrl: event.coverUrl,
    visibility: event.visibility,
    capacity: event.capacity,
    price: event.priceCents === null ? null : event.priceCents / 100,
    recurrence: event.recurrence,
    seriesId: event.seriesId,
    hosts: ownHosts.map((host) => ({ id: host.id, name: displayName(host), profileType: host.profileType })),
    goingCount: event.goingCount,
    interestedCount: event.interestedCount,
    waitlistCount: event.waitlistCount,
    friendsGoing: (friends?.people ?? []).map((person) => ({
      id: person.id,
      name: displayName(person),
      profileImageUrl: person.profileImageUrl,
    })),
    friendsGoingCount: friends?.count ?? 0,
    isCancelled: event.cancelledAt !== null,
    createdAt: event.createdAt.toISOString(),
    viewer: {
      rsvp: row.rsvp,
      waitlistPosition: row.rsvp === "waitlisted" ? row.waitlistPosition : null,
      ticket: row.rsvp === "going" ? row.ticket : null,
      isHost: viewerId !== null && ownHosts.some((host) => host.id === viewerId),
      isAskedToCoHost: row.isAskedToCoHost,
    },
  };
}
