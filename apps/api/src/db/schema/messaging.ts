import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

/** One conversation per pair of people; participant1Id < participant2Id so the pair is unique. */
export const conversations = pgTable(
  "conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    participant1Id: uuid("participant1_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    participant2Id: uuid("participant2_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true }).notNull().defaultNow(),
    lastMessagePreview: text("last_message_preview"),
    /** Unread messages for each participant, kept in the same transaction as the message insert. */
    participant1Unread: integer("participant1_unread").notNull().default(0),
    participant2Unread: integer("participant2_unread").notNull().default(0),
    participant1LastReadAt: timestamp("participant1_last_read_at", { withTimezone: true }),
    participant2LastReadAt: timestamp("participant2_last_read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("conversations_pair_unique").on(table.participant1Id, table.participant2Id),
    index("conversations_p1_activity_idx").on(table.participant1Id, table.lastActivityAt.desc()),
    index("conversations_p2_activity_idx").on(table.participant2Id, table.lastActivityAt.desc()),
    check("conversations_ordered_pair", sql`${table.participant1Id} < ${table.participant2Id}`),
  ],
);

export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    senderId: uuid("sender_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    messageType: text("message_type").notNull().default("text"),
    /** Its pictures: object addresses of the sender's uploads, in order. */
    mediaUrls: text("media_urls").array().notNull().default(sql`'{}'::text[]`),
    /** When the recipient first read it (mark-read); shown only while both participants show read receipts. */
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("messages_conversation_created_idx").on(table.conversationId, table.createdAt.desc(), table.id.desc()),
  ],
);
