import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { conversations } from "./messaging";
import { users } from "./users";

/**
 * Mail waiting to be sent (a durable outbox): services insert a row in their transaction and the outbox drainer
 * sends it, retrying with backoff. A sent mail keeps only its metadata (the body, which may hold a link, is
 * cleared); a mail that failed every attempt keeps `failedAt` and its last error.
 */
/** Mail lanes, in order of priority. */
export const MAIL_LANES = ["account", "notification"] as const;
export type MailLane = (typeof MAIL_LANES)[number];

export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    /** The mail's main link, logged when mail is written to files (no SMTP server configured). */
    actionUrl: text("action_url"),
    /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post on notification mails). */
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    /**
     * Which sending lane: `account` (verification, password reset, email change, security notices) goes out on
     * connections of its own, so it never waits behind `notification` mail.
     */
    lane: text("lane").$type<MailLane>().notNull().default("account"),
    attempts: integer("attempts").notNull().default(0),
    /** When the next attempt is due; while a process is sending, a lease that moves it into the future. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    failedAt: timestamp("failed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("mail_outbox_lane_due_idx")
      .on(table.lane, table.nextAttemptAt)
      .where(sql`${table.sentAt} is null and ${table.failedAt} is null`),
  ],
);

export type MailOutboxRow = typeof mailOutbox.$inferSelect;

/**
 * One-click unsubscribe links of notification mails (RFC 8058): a random token per mail, stored as its SHA-256.
 * Using one turns the user's email notifications off; it stays usable (unsubscribing twice changes nothing).
 */
export const emailUnsubscribeTokens = pgTable(
  "email_unsubscribe_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("email_unsubscribe_tokens_created_idx").on(table.createdAt)],
);

/** When a recipient was last mailed about unread messages of a conversation (at most once an hour each). */
export const messageMailNotices = pgTable(
  "message_mail_notices",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    lastMailedAt: timestamp("last_mailed_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.conversationId] })],
);
