import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

/** Server-side sessions. `id` is the SHA-256 of the cookie token, so a database leak yields no usable cookie. */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    /** The id shown in the sessions list and used to end one: never the token or its hash. */
    publicId: uuid("public_id").notNull().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    userAgent: text("user_agent"),
  },
  (table) => [
    index("sessions_user_id_idx").on(table.userId),
    uniqueIndex("sessions_public_id_unique").on(table.publicId),
  ],
);

export type SessionRow = typeof sessions.$inferSelect;
