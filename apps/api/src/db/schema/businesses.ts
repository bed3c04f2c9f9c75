import type { BusinessHours } from "@plaza/contracts/business-hours";
import { sql } from "drizzle-orm";
import {
  boolean,
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
    // Discover's rating order: published businesses, best rating first, then id (keyset on both); nulls first as
    // in the query's "desc", or the index could not serve its order.
    index("businesses_rating_idx")
      .on(table.averageRating.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.isPublished}`),
    // Search by category ("cafe" finds every cafe), next to the name's trigram index.
    index("businesses_category_idx").on(table.category),
  ],
);

export type BusinessRow = typeof businesses.$inferSelect;
