import { sql } from "drizzle-orm";
import { check, doublePrecision, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { businesses } from "./businesses";
import { users } from "./users";

export const checkins = pgTable(
  "checkins",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    rating: integer("rating"),
    review: text("review"),
    // No position of the visitor is kept: verification needs only how far from the business they were at the time
    // (docs/decisions/0006-check-ins-coupons-perks.md); the business's own position says where the visit was.
    distanceMeters: doublePrecision("distance_meters").notNull(),
    checkedInAt: timestamp("checked_in_at", { withTimezone: true }).notNull().defaultNow(),
    /** The business owner's public answer to the review. */
    ownerReply: text("owner_reply"),
    ownerReplyAt: timestamp("owner_reply_at", { withTimezone: true }),
  },
  (table) => [
    index("checkins_business_time_idx").on(table.businessId, table.checkedInAt.desc()),
    index("checkins_user_business_time_idx").on(table.userId, table.businessId, table.checkedInAt.desc()),
    index("checkins_user_time_idx").on(table.userId, table.checkedInAt.desc()),
    check("checkins_rating_range", sql`${table.rating} is null or ${table.rating} between 1 and 5`),
  ],
);

export type CheckinRow = typeof checkins.$inferSelect;
