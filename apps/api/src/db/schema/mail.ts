import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Mail waiting to be sent (a durable outbox): services insert a row in their transaction and the outbox drainer
 * sends it, retrying with backoff. A sent mail keeps only its metadata (the body, which may hold a link, is
 * cleared); a mail that failed every attempt keeps `failedAt` and its last error.
 */
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
    attempts: integer("attempts").notNull().default(0),
    /** When the next attempt is due; while a process is sending, a lease that moves it into the future. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    failedAt: timestamp("failed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("mail_outbox_due_idx")
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} is null and ${table.failedAt} is null`),
  ],
);

export type MailOutboxRow = typeof mailOutbox.$inferSelect;
