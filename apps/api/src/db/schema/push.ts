import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { sessions } from "./auth";
import { users } from "./users";

/**
 * A browser's Web Push subscription (RFC 8030): where to post, and the keys that encrypt for it (RFC 8291).
 * One row per endpoint; the endpoint belongs to the account that subscribed last, through the session it
 * subscribed in: when that session ends (sign-out, expiry, a password reset), the device stops receiving pushes.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sessionId: text("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("push_subscriptions_user_idx").on(table.userId, table.createdAt),
    index("push_subscriptions_session_idx").on(table.sessionId),
  ],
);

/**
 * Keys the server generated for itself because none was configured (the VAPID key pair), kept so every API
 * process and every restart uses the same one. `name` is fixed per key; `value` is its JSON.
 */
export const serverKeys = pgTable("server_keys", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
