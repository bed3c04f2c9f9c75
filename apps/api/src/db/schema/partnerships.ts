import { sql } from "drizzle-orm";
import { index, pgEnum, pgTable, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { businesses } from "./businesses";
import { users } from "./users";

export const partnershipStatusEnum = pgEnum("partnership_status", ["pending", "accepted", "declined", "ended"]);

/**
 * A business and a creator working together (docs/PRODUCT.md "Partnerships"). Rows are never deleted: a declined
 * or ended partnership stays as history, and the same pair may be invited again (a new row). At most one open
 * (pending or accepted) row per pair, enforced by a partial unique index.
 */
export const partnerships = pgTable(
  "partnerships",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    creatorId: uuid("creator_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: partnershipStatusEnum("status").notNull().default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    respondedAt: timestamp("responded_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("partnerships_open_pair_unique")
      .on(table.businessId, table.creatorId)
      .where(sql`${table.status} in ('pending', 'accepted')`),
    index("partnerships_creator_idx").on(table.creatorId, table.createdAt),
    index("partnerships_business_idx").on(table.businessId, table.createdAt),
  ],
);

export type PartnershipRow = typeof partnerships.$inferSelect;
