import type { EventView } from "@plaza/contracts/events";
import { defineMessage, defineMessages, type IntlShape } from "react-intl";

/**
 * The events screens' labels that several of them show (the web's own messages for the contracts' EVENT_CATEGORY_LABELS,
 * EVENT_VISIBILITY_LABELS, RSVP_LABELS and waitlistedLabel: the same English).
 */
export const categoryMessages = defineMessages({
  music: { id: "events.category.music", defaultMessage: "Music" },
  food: { id: "events.category.food", defaultMessage: "Food & drink" },
  sports: { id: "events.category.sports", defaultMessage: "Sports" },
  arts: { id: "events.category.arts", defaultMessage: "Arts" },
  community: { id: "events.category.community", defaultMessage: "Community" },
  family: { id: "events.category.family", defaultMessage: "Family" },
  business: { id: "events.category.business", defaultMessage: "Business" },
  other: { id: "events.category.other", defaultMessage: "Other" },
});

export const visibilityMessages = defineMessages({
  public: { id: "events.visibility.public", defaultMessage: "Public" },
  followers: { id: "events.visibility.followers", defaultMessage: "Followers of the hosts" },
  invite: { id: "events.visibility.invite", defaultMessage: "Invited only" },
});

export const rsvpMessages = defineMessages({
  going: { id: "events.rsvp.going", defaultMessage: "Going" },
  interested: { id: "events.rsvp.interested", defaultMessage: "Interested" },
  not_going: { id: "events.rsvp.notGoing", defaultMessage: "Not going" },
});

const messages = defineMessages({
  waitlisted: { id: "events.rsvp.waitlisted", defaultMessage: "Waitlisted" },
  waitlistedAt: defineMessage<{ position: number }>({
    id: "events.rsvp.waitlistedAt",
    defaultMessage: "Waitlisted — #{position}",
  }),
  cancelled: { id: "events.card.cancelled", defaultMessage: "Cancelled" },
  going: defineMessage<{ count: number }>({
    id: "events.card.going",
    defaultMessage: "{count, plural, one {# going} other {# going}}",
  }),
  goingOf: defineMessage<{ count: number; capacity: number }>({
    id: "events.card.goingOf",
    defaultMessage: "{count, plural, one {# going} other {# going}} / {capacity, number}",
  }),
});

/** "Waitlisted — #3", or "Waitlisted" without a position. */
export function waitlistedText(intl: IntlShape, position: number | null): string {
  return position ? intl.formatMessage(messages.waitlistedAt, { position }) : intl.formatMessage(messages.waitlisted);
}

/** The "Cancelled" badge. */
export function cancelledText(intl: IntlShape): string {
  return intl.formatMessage(messages.cancelled);
}

/** "12 going / 40" or "12 going". */
export function goingText(intl: IntlShape, event: Pick<EventView, "goingCount" | "capacity">): string {
  return event.capacity === null
    ? intl.formatMessage(messages.going, { count: event.goingCount })
    : intl.formatMessage(messages.goingOf, { count: event.goingCount, capacity: event.capacity });
}
