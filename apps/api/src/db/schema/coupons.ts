import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { businesses } from "./businesses";
import { checkins } from "./checkins";
import { partnerships } from "./partnerships";
import { users } from "./users";

export const discountTypeEnum = pgEnum("discount_type", ["percentage", "fixed", "freeItem"]);

export const coupons = pgTable(
  "coupons",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    discountType: discountTypeEnum("discount_type").notNull(),
    discountValue: numeric("discount_value", { precision: 10, scale: 2, mode: "number" }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    maxRedemptions: integer("max_redemptions"),
    currentRedemptions: integer("current_redemptions").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * A perk (docs/PRODUCT.md "Partnerships"): the partner creator whose active subscribers may redeem it, and the
     * partnership it belongs to (it dies with it).
     */
    partnerCreatorId: uuid("partner_creator_id").references(() => users.id, { onDelete: "cascade" }),
    partnershipId: uuid("partnership_id").references(() => partnerships.id, { onDelete: "cascade" }),
  },
  (table) => [
    index("coupons_business_idx").on(table.businessId, table.createdAt),
    index("coupons_partnership_idx").on(table.partnershipId),
    check(
      "coupons_redemptions_within_max",
      sql`${table.maxRedemptions} is null or ${table.currentRedemptions} <= ${table.maxRedemptions}`,
    ),
  ],
);

export const couponRedemptions = pgTable(
  "coupon_redemptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    couponId: uuid("coupon_id")
      .notNull()
      .references(() => coupons.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    checkinId: uuid("checkin_id").references(() => checkins.id, { onDelete: "set null" }),
    code: text("code").notNull(),
    redeemedAt: timestamp("redeemed_at", { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("coupon_redemptions_one_per_user").on(table.couponId, table.userId),
    uniqueIndex("coupon_redemptions_code_unique").on(table.code),
  ],
);

export type CouponRow = typeof coupons.$inferSelect;
export type CouponRedemptionRow = typeof couponRedemptions.$inferSelect;
