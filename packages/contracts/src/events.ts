import { z } from "zod";
import { timeZone } from "./business-hours";
import {
  CALENDAR_TOKEN_PATTERN,
  EVENT_CAPACITY_MAX,
  EVENT_CATEGORIES,
  EVENT_CO_HOSTS_MAX,
  EVENT_DESCRIPTION_MAX,
  EVENT_DURATION_MAX_MS,
  EVENT_INVITATIONS_MAX,
  EVENT_MESSAGES,
  EVENT_MINE_FILTERS,
  EVENT_PRICE_MAX_DOLLARS,
  EVENT_PRICE_MIN_DOLLARS,
  EVENT_RADIUS_MILES,
  EVENT_SCOPES,
  EVENT_TITLE_MAX,
  EVENT_VISIBILITIES,
  RSVP_ANSWERS,
  RSVP_STATUSES,
  recurrenceProblem,
} from "./events.texts";
import { latitude, longitude } from "./location";
import { pageQuery } from "./pagination";
import { PAYMENT_METHODS } from "./payments.texts";

export * from "./events.texts";

export const eventCategory = z.enum(EVENT_CATEGORIES, "Choose a category");
export const eventVisibility = z.enum(EVENT_VISIBILITIES, "Visibility is public, followers or invite");
const instant = (name: string) =>
  z.iso.datetime({ offset: true, message: `${name} must be an ISO 8601 date-time with an offset` });
const title = z
  .string("Title is required")
  .trim()
  .min(1, "Title is required")
  .max(EVENT_TITLE_MAX, "Title is at most 200 characters");
const description = z.string().trim().max(EVENT_DESCRIPTION_MAX, "Description is at most 5000 characters");
/** Up to 5 co-hosts besides the creator: each is asked, and shown among the hosts once they accept. */
const coHostIds = z
  .array(z.uuid("Invalid co-host id"), "coHostIds must be a list of user ids")
  .max(EVENT_CO_HOSTS_MAX, EVENT_MESSAGES.tooManyCoHosts);
const capacity = z
  .number("Capacity must be a whole number")
  .int("Capacity must be a whole number")
  .min(1, "Capacity must be at least 1")
  .max(EVENT_CAPACITY_MAX, "Capacity must be at most 100000");

/** A ticket price in dollars (null: free): at least $1.00, at most two decimals, as other prices are checked. */
const price = z
  .number(EVENT_MESSAGES.priceRange)
  .refine(
    (value) => Number.isFinite(value) && value >= EVENT_PRICE_MIN_DOLLARS && value <= EVENT_PRICE_MAX_DOLLARS,
    EVENT_MESSAGES.priceRange,
  )
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, EVENT_MESSAGES.priceDecimals);

/** A place that is not a Plaza business: its name, address and position. */
export const addressPlace = z.object({
  name: z.string("Place name is required").trim().min(1, "Place name is required").max(200, "Place name too long"),
  address: z.string().trim().max(300, "Address too long").default(""),
  latitude: z.number("Latitude is required").min(-90, "Invalid latitude").max(90, "Invalid latitude"),
  longitude: z.number("Longitude is required").min(-180, "Invalid longitude").max(180, "Invalid longitude"),
});
/** Where an event is: a Plaza business, or a named address. */
export const eventPlace = z.union([z.object({ businessId: z.uuid("Invalid business") }).strict(), addressPlace], {
  message: EVENT_MESSAGES.placeRequired,
});
export type EventPlaceInput = z.infer<typeof eventPlace>;

function checkTimes(
  body: { startsAt?: string; endsAt?: string },
  context: { addIssue: (issue: { code: "custom"; path: string[]; message: string }) => void },
) {
  if (!body.startsAt || !body.endsAt) return;
  const length = Date.parse(body.endsAt) - Date.parse(body.startsAt);
  if (length <= 0) context.addIssue({ code: "custom", path: ["endsAt"], message: EVENT_MESSAGES.endBeforeStart });
  else if (length > EVENT_DURATION_MAX_MS) {
    context.addIssue({ code: "custom", path: ["endsAt"], message: EVENT_MESSAGES.tooLong });
  }
}

/** POST /api/events. `price` in dollars sells tickets (null: a free event, whose tickets come with "going"). */
export const createEventBody = z
  .object({
    title,
    description: description.default(""),
    startsAt: instant("startsAt"),
    endsAt: instant("endsAt"),
    /** IANA; defaults to the business's zone for an event at a business (required otherwise). */
    timeZone: timeZone.optional(),
    place: eventPlace,
    category: eventCategory,
    coverUrl: z.string().trim().max(2000).nullable().default(null),
    visibility: eventVisibility.default("public"),
    capacity: capacity.nullable().default(null),
    price: price.nullable().default(null),
    recurrence: z.string().trim().max(300, EVENT_MESSAGES.recurrenceInvalid).nullable().default(null),
    coHostIds: coHostIds.default([]),
  })
  .strict()
  .superRefine((body, context) => {
    checkTimes(body, context);
    if (body.recurrence === null) return;
    const problem = recurrenceProblem(body.recurrence, new Date(body.startsAt));
    if (problem) context.addIssue({ code: "custom", path: ["recurrence"], message: EVENT_MESSAGES[problem] });
  });
export type CreateEventBody = z.infer<typeof createEventBody>;

/** PATCH /api/events/{id}: any field of the create form but the recurrence (hosts). */
export const updateEventBody = z
  .object({
    title,
    description,
    startsAt: instant("startsAt"),
    endsAt: instant("endsAt"),
    timeZone,
    place: eventPlace,
    category: eventCategory,
    coverUrl: z.string().trim().max(2000).nullable(),
    visibility: eventVisibility,
    capacity: capacity.nullable(),
    /** Refused (409) once a ticket is sold. */
    price: price.nullable(),
    /** The co-hosts after the change: new ones are asked, those left out stop hosting. */
    coHostIds,
  })
  .partial()
  .strict()
  .superRefine(checkTimes);
export type UpdateEventBody = z.infer<typeof updateEventBody>;

export const eventIdParams = z.object({ id: z.uuid("Invalid event id") });
export const eventScopeQuery = z.object({ scope: z.enum(EVENT_SCOPES, "Scope is this or following").default("this") });
export type EventScopeQuery = z.infer<typeof eventScopeQuery>;

/**
 * GET /api/events: upcoming events the viewer may see, soonest first; `latitude`/`longitude`/`radius` (miles,
 * 1–50, all three or none) keep those within the circle (a business place is where the business is).
 */
export const listEventsQuery = pageQuery
  .extend({
    from: instant("from").optional(),
    to: instant("to").optional(),
    category: eventCategory.optional(),
    hostId: z.uuid("Invalid host id").optional(),
    businessId: z.uuid("Invalid business id").optional(),
    mine: z.enum(EVENT_MINE_FILTERS, "mine is going or hosting").optional(),
    latitude: latitude.optional(),
    longitude: longitude.optional(),
    radius: z.coerce
      .number("Radius must be a number of miles")
      .min(EVENT_RADIUS_MILES.min, "Radius must be at least 1 mile")
      .max(EVENT_RADIUS_MILES.max, "Radius must be at most 50 miles")
      .optional(),
  })
  .refine(
    (query) =>
      (query.latitude === undefined) === (query.longitude === undefined) &&
      (query.latitude === undefined) === (query.radius === undefined),
    { message: EVENT_MESSAGES.nearNeedsAll, path: ["radius"] },
  );
export type ListEventsQuery = z.infer<typeof listEventsQuery>;

/** POST /api/events/{id}/invitations (hosts): people who may then see the event and answer it. */
export const inviteBody = z.object({
  userIds: z
    .array(z.uuid("Invalid user id"), "userIds must be a list of user ids")
    .min(1, EVENT_MESSAGES.inviteSomeone)
    .max(EVENT_INVITATIONS_MAX, EVENT_MESSAGES.tooManyInvitations),
});
export type InviteBody = z.infer<typeof inviteBody>;
export const invitationsView = z.object({ invitedCount: z.number().int() });

/** GET /api/users/me/calendar and its rotation: the private feed's address (subscribe to it in a calendar app). */
export const calendarFeedView = z.object({ url: z.string() });
export const calendarTokenParams = z.object({
  token: z.string().regex(CALENDAR_TOKEN_PATTERN, EVENT_MESSAGES.calendarNotFound),
});

export const rsvpBody = z.object({ status: z.enum(RSVP_ANSWERS, "Status is going, interested or not_going") });
export type RsvpBody = z.infer<typeof rsvpBody>;
export const rsvpStatus = z.enum(RSVP_STATUSES);
export const rsvpView = z.object({ status: rsvpStatus, waitlistPosition: z.number().int().nullable() });
export type RsvpView = z.infer<typeof rsvpView>;

export const eventHostView = z.object({
  id: z.uuid(),
  name: z.string(),
  profileType: z.string(),
});

/** Someone the viewer follows who is going to the event. */
export const eventFriendView = z.object({
  id: z.uuid(),
  name: z.string(),
  profileImageUrl: z.string().nullable(),
});
export type EventFriendView = z.infer<typeof eventFriendView>;

export const eventView = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  timeZone: z.string(),
  place: z.object({
    businessId: z.uuid().nullable(),
    name: z.string(),
    address: z.string(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
  }),
  category: eventCategory,
  coverUrl: z.string().nullable(),
  visibility: eventVisibility,
  capacity: z.number().int().nullable(),
  /** Ticket price in dollars; null for a free event. */
  price: z.number().nullable(),
  recurrence: z.string().nullable(),
  seriesId: z.uuid().nullable(),
  hosts: z.array(eventHostView),
  goingCount: z.number().int(),
  interestedCount: z.number().int(),
  waitlistCount: z.number().int(),
  /** People the viewer follows who are going (the newest few; empty signed out) and how many in all. */
  friendsGoing: z.array(eventFriendView),
  friendsGoingCount: z.number().int(),
  isCancelled: z.boolean(),
  createdAt: z.string(),
  viewer: z.object({
    rsvp: rsvpStatus.nullable(),
    waitlistPosition: z.number().int().nullable(),
    /** The viewer's ticket while they are going (its code: GET /api/events/{id}/ticket). */
    ticket: z.object({ id: z.uuid(), code: z.string() }).nullable(),
    isHost: z.boolean(),
    /** Asked to co-host and not accepted yet: the page offers "Accept co-hosting". */
    isAskedToCoHost: z.boolean(),
  }),
});
export type EventView = z.infer<typeof eventView>;

/** GET /api/events/{id}/ticket: the code a host scans at the door. */
export const ticketCodeView = z.object({ code: z.string() });
export type TicketCodeView = z.infer<typeof ticketCodeView>;

/** POST /api/events/{id}/tickets with the built-in provider (settled at once): the ticket bought. */
export const ticketView = z.object({ id: z.uuid(), code: z.string(), eventId: z.uuid(), priceCents: z.number().int() });
export type TicketView = z.infer<typeof ticketView>;

/** POST /api/events/{id}/tickets: how it is paid (as the other money calls' bodies). */
export const buyTicketBody = z.object({
  paymentMethod: z.enum(PAYMENT_METHODS).default("card"),
  cardLast4: z
    .string()
    .regex(/^\d{4}$/, "Enter the last 4 digits of the card")
    .optional(),
});
export type BuyTicketBody = z.infer<typeof buyTicketBody>;

/** One page of events: a JSON array; the next page's cursor travels in the X-Next-Cursor header. */
export const eventPage = z.array(eventView);
