import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { businesses } from "./businesses";
import { ledgerTransactions } from "./payments";
import { users } from "./users";

export const eventCategoryEnum = pgEnum("event_category", [
  "music",
  "food",
  "sports",
  "arts",
  "community",
  "family",
  "business",
  "other",
]);
export const eventVisibilityEnum = pgEnum("event_visibility", ["public", "followers", "invite"]);
export const rsvpStatusEnum = pgEnum("rsvp_status", ["going", "interested", "waitlisted", "not_going"]);

/**
 * An event (CONTRACT.md "Fourth round" → "Events"). One row per occurrence: a recurring event is a series of rows
 * sharing `seriesId` and `recurrence`; `occurrenceStartsAt`/`occurrenceEndsAt` are the times the series' rule gave
 * the row (its RECURRENCE-ID in a calendar), kept when the occurrence alone is moved. The counters are columns
 * updated in the RSVP transaction under this row's lock.
 */
export const events = pgTable(
  "events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    creatorId: uuid("creator_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    timeZone: text("time_zone").notNull(),
    businessId: uuid("business_id").references(() => businesses.id, { onDelete: "set null" }),
    placeName: text("place_name").notNull().default(""),
    placeAddress: text("place_address").notNull().default(""),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    category: eventCategoryEnum("category").notNull(),
    coverUrl: text("cover_url"),
    visibility: eventVisibilityEnum("visibility").notNull().default("public"),
    capacity: integer("capacity"),
    /** The ticket price in cents; null for a free event (a ticket is then given with the "going" answer). */
    priceCents: integer("price_cents"),
    recurrence: text("recurrence"),
    seriesId: uuid("series_id"),
    occurrenceStartsAt: timestamp("occurrence_starts_at", { withTimezone: true }).notNull(),
    occurrenceEndsAt: timestamp("occurrence_ends_at", { withTimezone: true }).notNull(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    goingCount: integer("going_count").notNull().default(0),
    interestedCount: integer("interested_count").notNull().default(0),
    waitlistCount: integer("waitlist_count").notNull().default(0),
    /** How many times someone joined the waitlist: the next arrival's place in line (taken under the row lock). */
    waitlistArrivals: integer("waitlist_arrivals").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("events_starts_idx").on(table.startsAt, table.id),
    index("events_series_idx").on(table.seriesId, table.occurrenceStartsAt),
    index("events_business_idx").on(table.businessId, table.startsAt),
    // GET /api/events?latitude=&longitude=&radius= narrows an address place by a bounding box on these.
    index("events_position_idx").on(table.latitude, table.longitude),
    // Search (GET /api/search?type=events&q=) matches titles with ILIKE; a trigram GIN index makes that indexable.
    index("events_title_trgm_idx").using("gin", table.title.op("gin_trgm_ops")),
    check("events_ends_after_start", sql`${table.endsAt} > ${table.startsAt}`),
    check("events_price_positive", sql`${table.priceCents} is null or ${table.priceCents} >= 100`),
    check("events_seats_within_capacity", sql`${table.capacity} is null or ${table.goingCount} <= ${table.capacity}`),
  ],
);

/** The hosts of an event: its creator (accepted from the start) and co-hosts, shown once they accept. */
export const eventHosts = pgTable(
  "event_hosts",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    isAccepted: boolean("is_accepted").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.userId] }), index("event_hosts_user_idx").on(table.userId)],
);

/**
 * One person's answer to an event. A waitlisted answer keeps `waitlistOrder`, its place in line (the event's
 * `waitlistArrivals` when it joined), so the waitlist keeps arrival order.
 */
export const eventRsvps = pgTable(
  "event_rsvps",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: rsvpStatusEnum("status").notNull(),
    waitlistOrder: integer("waitlist_order"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.eventId, table.userId] }),
    index("event_rsvps_user_idx").on(table.userId, table.status),
    index("event_rsvps_waitlist_idx").on(table.eventId, table.waitlistOrder).where(sql`${table.status} = 'waitlisted'`),
    // The host's lists (GET /api/events/{id}/attendees?status=going|interested): by when they answered so.
    index("event_rsvps_status_idx").on(table.eventId, table.status, table.updatedAt, table.userId),
  ],
);

/**
 * A ticket: held by everyone whose answer is "going" (free events too), shown at the door as its `code` (10
 * characters of Crockford base32, random, unique). A free ticket comes with the "going" answer; a paid one only
 * once its payment succeeded (`transactionId`, the ledger transaction that paid it; `paymentId`, the processor
 * payment with Stripe). Leaving, or the event's cancellation, voids it (`voidedAt`): only a ticket not voided is
 * valid, and a person holds at most one such ticket per event. A paid ticket voided before the refund deadline,
 * or by a cancellation, is `refundDue` until the refund is recorded (`refundedAt`).
 */
export const eventTickets = pgTable(
  "event_tickets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    /** What was paid (0 for a free ticket). */
    priceCents: integer("price_cents").notNull().default(0),
    transactionId: uuid("transaction_id").references(() => ledgerTransactions.id, { onDelete: "restrict" }),
    paymentId: uuid("payment_id"),
    /** When a host scanned it at the door (door check-in). */
    admittedAt: timestamp("admitted_at", { withTimezone: true }),
    voidedAt: timestamp("voided_at", { withTimezone: true }),
    refundDue: boolean("refund_due").notNull().default(false),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("event_tickets_code_unique").on(table.code),
    uniqueIndex("event_tickets_holder_unique").on(table.eventId, table.userId).where(sql`${table.voidedAt} is null`),
    index("event_tickets_user_idx").on(table.userId),
    index("event_tickets_refund_due_idx").on(table.id).where(sql`${table.refundDue}`),
  ],
);

export type EventTicketRow = typeof eventTickets.$inferSelect;

/** Who may see an invite-only event besides its hosts. */
export const eventInvitations = pgTable(
  "event_invitations",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.userId] })],
);

export type EventRow = typeof events.$inferSelect;
export type EventRsvpRow = typeof eventRsvps.$inferSelect;

/**
 * The private calendar feeds of an account (GET /api/calendar/{token}.ics): only the SHA-256 of each token is kept,
 * as for sessions. Every GET /api/users/me/calendar gives a new link (the token cannot be shown again), each valid
 * until the account rotates them all.
 */
export const calendarFeedTokens = pgTable(
  "calendar_feed_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (table) => [index("calendar_feed_tokens_user_idx").on(table.userId)],
);

/**
 * The reminders sent (24 hours and 1 hour before the start, to everyone going): one row per (event, person,
 * which), inserted by the one conditional insert that claims the reminder, so re-runs and several processes send
 * each once.
 */
export const eventReminders = pgTable(
  "event_reminders",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    which: text("which").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.userId, table.which] })],
);
