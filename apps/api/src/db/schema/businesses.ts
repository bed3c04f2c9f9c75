import type { BusinessHours } from "@plaza/contracts/business-hours";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./users";

export const businessCategoryEnum = pgEnum("business_category", [
  "restaurant",
  "cafe",
  "retail",
  "fitness",
  "beauty",
  "entertainment",
  "services",
]);

export const businesses = pgTable(
  "businesses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    category: businessCategoryEnum("category").notNull(),
    description: text("description").notNull().default(""),
    address: text("address").notNull().default(""),
    phone: text("phone").notNull().default(""),
    website: text("website").notNull().default(""),
    priceRange: text("price_range").notNull().default("$"),
    coverImageUrl: text("cover_image_url"),
    logoImageUrl: text("logo_image_url"),
    /** Opening hours, Monday first (ISO weekday - 1): null = closed that day; the whole column null = not given. */
    hours: jsonb("hours").$type<BusinessHours>(),
    /** IANA time zone the hours are read in (checked with Intl on write). */
    timeZone: text("time_zone").notNull().default("UTC"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    isPublished: boolean("is_published").notNull().default(false),
    /** Secret behind the rotating visit code; never leaves the server. */
    visitSecret: text("visit_secret").notNull(),
    ratingSum: integer("rating_sum").notNull().default(0),
    averageRating: numeric("average_rating", { precision: 3, scale: 2, mode: "number" }).notNull().default(0),
    totalReviews: integer("total_reviews").notNull().default(0),
    totalCheckIns: integer("total_check_ins").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("businesses_owner_unique").on(table.ownerId),
    index("businesses_published_idx").on(table.isPublished, table.createdAt),
    index("businesses_lat_lng_idx").on(table.latitude, table.longitude),
    // Search by category ("cafe" finds every cafe), next to the name's trigram index.
    index("businesses_category_idx").on(table.category),
  ],
);

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
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
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
     * partnership it belongs to (it dies with it). The foreign key to partnerships is written in migration 0017
     * (a reference here would make the two schema files import each other).
     */
    partnerCreatorId: uuid("partner_creator_id").references(() => users.id, { onDelete: "cascade" }),
    partnershipId: uuid("partnership_id"),
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

export type BusinessRow = typeof businesses.$inferSelect;
export type CheckinRow = typeof checkins.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;
export type CouponRedemptionRow = typeof couponRedemptions.$inferSelect;
