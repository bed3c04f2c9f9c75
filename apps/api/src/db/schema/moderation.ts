import { bigserial, index, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { reports } from "./reports";
import { users } from "./users";

export const moderationActionEnum = pgEnum("moderation_action", [
  "warn",
  "hide_post",
  "limit",
  "suspend",
  "delete_post",
]);
export const appealStatusEnum = pgEnum("appeal_status", ["open", "granted", "denied"]);

/**
 * What a person is told when a moderator acts on them: the action, the rule and the post. One appeal each
 * (appeals.notice_id is unique); reversedAt is set when an appeal is granted.
 */
export const moderationNotices = pgTable(
  "moderation_notices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    action: moderationActionEnum("action").notNull(),
    rule: text("rule").notNull(),
    reason: text("reason").notNull().default(""),
    /** Kept as text: a deleted post's id stays on the notice. */
    postId: text("post_id"),
    postPreview: text("post_preview"),
    reportId: uuid("report_id").references(() => reports.id, { onDelete: "set null" }),
    moderatorId: uuid("moderator_id").references(() => users.id, { onDelete: "set null" }),
    suspendUntil: timestamp("suspend_until", { withTimezone: true }),
    reversedAt: timestamp("reversed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("moderation_notices_user_idx").on(table.userId, table.createdAt.desc())],
);

export const appeals = pgTable(
  "appeals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    noticeId: uuid("notice_id")
      .notNull()
      .references(() => moderationNotices.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    status: appealStatusEnum("status").notNull().default("open"),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decisionNote: text("decision_note"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One appeal per notice, also under two concurrent tries.
    uniqueIndex("appeals_notice_unique").on(table.noticeId),
    index("appeals_status_created_idx").on(table.status, table.createdAt.desc(), table.id.desc()),
  ],
);

/**
 * The append-only history of moderation: every assignment, note, action, resolution and appeal, by report and by
 * account. Rows are only ever inserted.
 */
export const moderationEvents = pgTable(
  "moderation_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The order entries were written in (several can share a millisecond). */
    sequence: bigserial("sequence", { mode: "number" }).notNull(),
    kind: text("kind").notNull(),
    reportId: uuid("report_id").references(() => reports.id, { onDelete: "cascade" }),
    /** The account the entry is about (the reported or acted-on person). */
    accountId: uuid("account_id").references(() => users.id, { onDelete: "cascade" }),
    noticeId: uuid("notice_id").references(() => moderationNotices.id, { onDelete: "set null" }),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    text: text("text"),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("moderation_events_report_idx").on(table.reportId, table.sequence),
    index("moderation_events_account_idx").on(table.accountId, table.sequence),
  ],
);

/** Email domains that may not sign up or change an address to (subdomains included). */
export const emailDomainBlocks = pgTable(
  "email_domain_blocks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    domain: text("domain").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("email_domain_blocks_domain_unique").on(table.domain)],
);
