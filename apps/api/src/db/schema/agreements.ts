import { AGREEMENT_KINDS } from "@plaza/contracts/agreements.texts";
import { boolean, pgTable, primaryKey, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * The instance's versioned documents: the user agreement (which people accept) and the privacy policy (which they
 * read). One active version per kind; a version's name is unique within its kind.
 */
export const agreements = pgTable(
  "agreements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: AGREEMENT_KINDS }).notNull().default("user-agreement"),
    title: text("title").notNull(),
    version: text("version").notNull(),
    content: text("content").notNull(),
    isActive: boolean("is_active").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique("agreements_kind_version_unique").on(table.kind, table.version)],
);

export const agreementAcceptances = pgTable(
  "agreement_acceptances",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    agreementId: uuid("agreement_id")
      .notNull()
      .references(() => agreements.id, { onDelete: "cascade" }),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.agreementId] })],
);
