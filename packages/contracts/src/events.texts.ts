// Texts, constants and pure rules of events: no zod, so the web app's first screen can import them without
// evaluating schemas. The schemas are in ./events.ts, which re-exports all of this.

/** Kinds of event (CONTRACT.md "Fourth round" → "Events"). */
export const EVENT_CATEGORIES = [
  "music",
  "food",
  "sports",
  "arts",
  "community",
  "family",
  "business",
  "other",
] as const;
export type EventCategory = (typeof EVENT_CATEGORIES)[number];

/** Who may see an event: anyone, people who follow a host, or the invited. */
export const EVENT_VISIBILITIES = ["public", "followers", "invite"] as const;
export type EventVisibility = (typeof EVENT_VISIBILITIES)[number];

/** What a person answers; `waitlisted` is given by the server when "going" finds no seat. */
export const RSVP_ANSWERS = ["going", "interested", "not_going"] as const;
export type RsvpAnswer = (typeof RSVP_ANSWERS)[number];
export const RSVP_STATUSES = ["going", "interested", "waitlisted", "not_going"] as const;
export type RsvpStatus = (typeof RSVP_STATUSES)[number];

/** Which occurrences of a series an edit or a cancellation touches. */
export const EVENT_SCOPES = ["this", "following"] as const;
export type EventScope = (typeof EVENT_SCOPES)[number];

/** `?mine=` of the events list. */
export const EVENT_MINE_FILTERS = ["going", "hosting"] as const;

export const EVENT_TITLE_MAX = 200;
/** Co-hosts an event may have besides its creator. */
export const EVENT_CO_HOSTS_MAX = 5;
/** The radius (miles) of GET /api/events?latitude=&longitude=&radius=. */
export const EVENT_RADIUS_MILES = { min: 1, max: 50 } as const;
/** Reminders before an event starts, to everyone going: which, and how long before the start. */
export const EVENT_REMINDERS = ["24h", "1h"] as const;
export type EventReminder = (typeof EVENT_REMINDERS)[number];
export const EVENT_REMINDER_LEAD_MS: Record<EventReminder, number> = {
  "24h": 24 * 60 * 60 * 1000,
  "1h": 60 * 60 * 1000,
};
const EVENT_REMINDER_LEAD_TEXTS: Record<EventReminder, string> = { "24h": "in 24 hours", "1h": "in 1 hour" };

/** An event's start in its own time zone: "Thu, Jun 11, 7:00 PM GMT+2". */
export function eventStartText(startsAt: string | Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", {
    timeZone,
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(new Date(startsAt));
}

/** When a reminder says the event starts: "in 24 hours (Thu, Jun 11, 7:00 PM GMT+2)", in the event's zone. */
export function eventReminderWhen(which: unknown, startsAt: unknown, timeZone: unknown): string {
  const lead = EVENT_REMINDER_LEAD_TEXTS[which as EventReminder] ?? "soon";
  if (typeof startsAt !== "string" || typeof timeZone !== "string") return lead;
  try {
    return `${lead} (${eventStartText(startsAt, timeZone)})`;
  } catch {
    return lead;
  }
}

/** The name calendar apps show for an account's private feed. */
export const CALENDAR_FEED_NAME = "Plaza events";
/** Feed tokens: 24 random bytes, hex. */
export const CALENDAR_TOKEN_PATTERN = /^[0-9a-f]{48}$/;
/** People one invitation request may name. */
export const EVENT_INVITATIONS_MAX = 50;
export const EVENT_DESCRIPTION_MAX = 5000;
export const EVENT_CAPACITY_MAX = 100_000;
/** An event lasts at most 7 days. */
export const EVENT_DURATION_MAX_MS = 7 * 24 * 60 * 60 * 1000;
/** A series has at most 52 occurrences, or ends within a year of its first start. */
export const RECURRENCE_COUNT_MAX = 52;
export const RECURRENCE_SPAN_MAX_MS = 366 * 24 * 60 * 60 * 1000;
export const RECURRENCE_FREQUENCIES = ["DAILY", "WEEKLY", "MONTHLY"] as const;

/** The lowest ticket price (dollars; at most two decimals); a free event has no price (null). */
export const EVENT_PRICE_MIN_DOLLARS = 1;
export const EVENT_PRICE_MAX_DOLLARS = 10_000;
/** How long an open ticket payment holds its seat (it counts against the capacity meanwhile). */
export const EVENT_TICKET_HOLD_MS = 15 * 60 * 1000;
/** A paid ticket holder who leaves is refunded in full until this long before the start, not after. */
export const EVENT_REFUND_CUTOFF_MS = 24 * 60 * 60 * 1000;
/** Ticket codes: 10 characters of Crockford base32 (no I, L, O, U), random (50 bits). */
export const TICKET_CODE_LENGTH = 10;
export const TICKET_CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const TICKET_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{10}$/;

/** A typed ticket code as stored: upper case, without spaces or dashes, and O/I/L read as 0/1/1 (Crockford). */
export function normalizeTicketCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
}

/** Whether a leaving ticket holder is refunded: until 24 hours before the start. */
export function isTicketRefundable(startsAt: string | Date, now: Date): boolean {
  return new Date(startsAt).getTime() - now.getTime() >= EVENT_REFUND_CUTOFF_MS;
}

/** The event page's refund rule for a paid event, as it applies now. */
export function ticketRefundText(startsAt: string | Date, now: Date): string {
  return isTicketRefundable(startsAt, now)
    ? "Full refund if you leave until 24 hours before the start; no refund after that."
    : "No refunds: the event starts within 24 hours.";
}

/** Messages of the event rules, in the words the API answers with. */
export const EVENT_MESSAGES = {
  eventNotFound: "Event not found",
  notHost: "Only the event's hosts can do this",
  endBeforeStart: "The end must be after the start",
  tooLong: "An event lasts at most 7 days",
  timeZoneRequired: "Choose the event's time zone",
  placeRequired: "Choose a business or give the place's name, address and position",
  businessNotFound: "Business not found",
  recurrenceInvalid: "Recurrence must be an RRULE like FREQ=WEEKLY;COUNT=10",
  recurrenceFrequency: "Recurrence repeats DAILY, WEEKLY or MONTHLY",
  recurrenceLimit: "A series has at most 52 occurrences (COUNT ≤ 52) or ends within a year (UNTIL)",
  recurrenceEnd: "Recurrence needs COUNT or UNTIL",
  recurrenceOnlyOnCreate: "Change the recurrence of a series by editing its following occurrences",
  cancelled: "This event was cancelled",
  past: "This event is over",
  alreadyCancelled: "This event is already cancelled",
  signInForMine: "Sign in to see your events",
  nearNeedsAll: "Events near a place need latitude, longitude and radius",
  calendarNotFound: "Calendar not found",
  tooManyCoHosts: "An event has at most 5 co-hosts",
  coHostNotFound: "A co-host is not a Plaza member you can add",
  coHostSelf: "You already host this event",
  notCoHostInvited: "You were not asked to co-host this event",
  inviteSomeone: "Choose someone to invite",
  tooManyInvitations: "Invite at most 50 people at a time",
  inviteeNotFound: "Someone you invited is not a Plaza member you can invite",
  priceRange: "A ticket price is at least $1.00 and at most $10,000",
  priceDecimals: "Prices have at most 2 decimals",
  priceLocked: "The price can't change once tickets are sold",
  soldOut: "This event is sold out",
  buyTicket: "This event has paid tickets: get a ticket to go",
  freeEvent: "This event is free: answer going to get your ticket",
  alreadyHasTicket: "You already have a ticket for this event",
  hostsNeedNoTicket: "Hosts don't buy tickets to their own event",
  noTicket: "You have no ticket for this event",
  ticketInProgress: "Your ticket payment is still going through. Your ticket appears as soon as it does.",
  ticketBlocked: "You can't buy a ticket to this event",
  hostCannotSell: "This event's host can't sell tickets right now",
  ticketBought: "You have a ticket",
} as const;

/** A change of capacity refused (409): it would leave fewer seats than the people going and the seats held. */
export const EVENT_CAPACITY_MESSAGES = {
  belowGoing: (going: number) => `${going} people are already going: the capacity can't be lower`,
  belowHeld: (going: number, held: number) =>
    `${going} people are going and ${held} seats are held while buyers pay: the capacity can't be lower`,
} as const;

const RRULE_KEYS = new Set(["FREQ", "COUNT", "UNTIL", "INTERVAL", "BYDAY", "BYMONTHDAY", "WKST"]);
const UNTIL_FORMAT = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z?)?$/;

/** An RRULE's UNTIL as an instant (a date-only UNTIL ends with that day, read as UTC), or null when malformed. */
export function untilOf(value: string): Date | null {
  const match = UNTIL_FORMAT.exec(value);
  if (!match) return null;
  const [, year, month, day, hour = "23", minute = "59", second = "59"] = match;
  const date = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * What is wrong with a recurrence rule for an event starting at `startsAt` (a key of EVENT_MESSAGES), or null when
 * it is within the limits: an RFC 5545 RRULE (the "RRULE:" prefix optional) with FREQ=DAILY|WEEKLY|MONTHLY, and
 * COUNT ≤ 52 or an UNTIL at most a year after the start.
 */
export function recurrenceProblem(rule: string, startsAt: Date): keyof typeof EVENT_MESSAGES | null {
  const parts = new Map<string, string>();
  for (const part of rule.replace(/^RRULE:/i, "").split(";")) {
    const [key, value, extra] = part.split("=");
    if (!key || value === undefined || value === "" || extra !== undefined) return "recurrenceInvalid";
    const name = key.toUpperCase();
    if (!RRULE_KEYS.has(name) || parts.has(name)) return "recurrenceInvalid";
    parts.set(name, value.toUpperCase());
  }
  const frequency = parts.get("FREQ");
  if (!frequency) return "recurrenceInvalid";
  if (!(RECURRENCE_FREQUENCIES as readonly string[]).includes(frequency)) return "recurrenceFrequency";
  const count = parts.get("COUNT");
  const until = parts.get("UNTIL");
  const interval = parts.get("INTERVAL");
  if (interval !== undefined && !/^[1-9]\d{0,2}$/.test(interval)) return "recurrenceInvalid";
  if (count !== undefined && until !== undefined) return "recurrenceInvalid";
  if (count !== undefined) {
    if (!/^\d{1,6}$/.test(count) || Number(count) < 1) return "recurrenceInvalid";
    return Number(count) > RECURRENCE_COUNT_MAX ? "recurrenceLimit" : null;
  }
  if (until !== undefined) {
    const end = untilOf(until);
    if (!end) return "recurrenceInvalid";
    return end.getTime() - startsAt.getTime() > RECURRENCE_SPAN_MAX_MS ? "recurrenceLimit" : null;
  }
  return "recurrenceEnd";
}

/** "Jess Holloway is going", "Jess Holloway and 2 other friends are going". */
export function friendsGoingText(names: string[], count: number): string {
  const [first] = names;
  if (!first || count === 0) return "";
  if (count === 1) return `${first} is going`;
  const others = count - 1;
  return `${first} and ${others} other ${others === 1 ? "friend" : "friends"} are going`;
}

/** What the web shows for each category. */
export const EVENT_CATEGORY_LABELS: Record<EventCategory, string> = {
  music: "Music",
  food: "Food & drink",
  sports: "Sports",
  arts: "Arts",
  community: "Community",
  family: "Family",
  business: "Business",
  other: "Other",
};

export const EVENT_VISIBILITY_LABELS: Record<EventVisibility, string> = {
  public: "Public",
  followers: "Followers of the hosts",
  invite: "Invited only",
};

/** The RSVP buttons' words, and how a status reads. */
export const RSVP_LABELS: Record<RsvpAnswer, string> = {
  going: "Going",
  interested: "Interested",
  not_going: "Not going",
};

/** "Waitlisted — #3". */
export const waitlistedLabel = (position: number | null) => (position ? `Waitlisted — #${position}` : "Waitlisted");

/** The events screens' words (the server's own sentences are EVENT_MESSAGES). */
export const EVENT_TEXTS = {
  title: "Events",
  tabThisWeek: "This week",
  tabGoing: "Going",
  tabHosting: "Hosting",
  tabNear: "Near you",
  emptyNear: "No events near you",
  emptyNearHint: "Nothing is planned close by yet. Host something, or look at This week.",
  nearUnknown: "Where are you?",
  nearUnknownHint: "Share your position, or set your city in your profile, to see events near you.",
  useMyPosition: "Use my position",
  locating: "Finding you...",
  nearWithin: (miles: number, place: string | null) =>
    `Within ${miles} ${miles === 1 ? "mile" : "miles"} of ${place ?? "your position"}`,
  mapLabel: "Map of the listed events",
  notOnMap: (count: number) => `${count} not on the map: no position`,
  friendsGoing: "Friends going",
  share: "Share",
  linkCopied: "Link copied",
  copyFailed: "Couldn't copy the link: copy it from the address bar",
  placeMapLabel: (place: string) => `Map of ${place}`,
  directions: "Get directions",
  acceptCoHost: "Accept co-hosting",
  coHostAsked: "You were asked to co-host this event.",
  coHostAccepted: "You are now a host of this event",
  invite: "Invite people",
  inviteTitle: "Invite people",
  inviteHint: "Invited people can see this event and answer it, even when it is invite-only.",
  inviteSearch: "Search people",
  inviteSend: "Send invitations",
  invitedToast: (count: number) => (count === 1 ? "1 person invited" : `${count} people invited`),
  businessEvents: "Events",
  emptyBusinessEvents: "No upcoming events",
  emptyBusinessEventsHint: "Events this business hosts here show up on this page.",
  emptyProfileEventsHint: "Events this person hosts show up here.",
  calendarFeedTitle: "Calendar feed",
  calendarFeedHint:
    "Subscribe to this private link in your calendar app to see the events you are going to or host. Anyone with the link can read it.",
  calendarFeedShow: "Show my calendar link",
  calendarFeedCopy: "Copy link",
  calendarFeedRotate: "Make a new link",
  calendarFeedRotated: "New link made: the old one no longer works",
  allCategories: "All categories",
  create: "Create event",
  edit: "Edit",
  cancel: "Cancel event",
  cancelled: "Cancelled",
  addToCalendar: "Add to calendar",
  emptyThisWeek: "No events this week",
  emptyThisWeekHint: "Nothing is planned in the next seven days yet. Why not host something?",
  emptyGoing: "You are not going to anything yet",
  emptyGoingHint: "Answer “Going” on an event and it shows here.",
  emptyHosting: "You are not hosting any events",
  emptyHostingHint: "Create an event and people nearby can find it.",
  notFound: "Event not found",
  notFoundHint: "It may have been removed, or it is not shared with you.",
  signInToRsvp: "Sign in to answer",
  full: "Full: going puts you on the waitlist",
  created: "Your event is published",
  saved: "Event saved",
  cancelledToast: "The event was cancelled",
  cancelQuestion: "Cancel this event?",
  cancelExplain: "Everyone who answered will see it is cancelled. This cannot be undone.",
  cancelSeriesQuestion: "Which occurrences do you cancel?",
  scopeThis: "Only this one",
  scopeFollowing: "This and the following ones",
  editSeriesScope: "Apply the change to",
  yourTime: "Your time",
  placeBusiness: "My business",
  placeAddress: "Another place",
  repeatNone: "Does not repeat",
  repeatDaily: "Daily",
  repeatWeekly: "Weekly",
  repeatMonthly: "Monthly",
  repeatCount: "Number of times",
  noCapacity: "Leave empty for no limit",
  getTicket: "Get ticket",
  free: "Free",
  hosts: "Hosted by",
} as const;

/** The create and edit form's own words (the rules' messages are EVENT_MESSAGES and the schemas'). */
/** "Tickets $12.50" for a paid event. */
export function ticketPriceLabel(priceText: string): string {
  return `Tickets ${priceText}`;
}

export const EVENT_FORM_TEXTS = {
  priceLabel: "Ticket price ($)",
  priceHint: "Leave empty for a free event",
  createTitle: "Create event",
  editTitle: "Edit event",
  startRequired: "Choose when it starts",
  endRequired: "Choose when it ends",
  countRequired: "How many times? (1 to 52)",
  businessRequired: "Choose your business",
  useMyPosition: "Use my position",
  positionUnavailable: "Your position is not available: type the latitude and longitude",
  coverLabel: "Cover picture",
  coverRemove: "Remove cover",
  timeZoneHint: "Start and end are times on this zone's clock.",
  publish: "Publish event",
  publishing: "Publishing...",
  save: "Save changes",
  saving: "Saving...",
} as const;

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The wall clock of an instant in an IANA zone, field by field ("2026", "03", "01", "19", "00", "00"), from the
 * platform's Intl data: the one reading of a zone's clock for the server's calendars and recurrence and the web's
 * event form.
 */
export function wallClockParts(instant: Date, timeZone: string): Record<string, string> {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    wallClockFormats.set(timeZone, format);
  }
  return Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
}
