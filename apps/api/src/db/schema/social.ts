import { type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  doublePrecision,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./users";

export const follows = pgTable(
  "follows",
  {
    followerId: uuid("follower_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    followingId: uuid("following_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.followerId, table.followingId] }),
    index("follows_following_created_idx").on(table.followingId, table.createdAt),
    index("follows_follower_created_idx").on(table.followerId, table.createdAt),
  ],
);

/** Requests to follow a private account; the owner approves (becomes a follow) or declines. */
export const followRequests = pgTable(
  "follow_requests",
  {
    requesterId: uuid("requester_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    targetId: uuid("target_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.requesterId, table.targetId] }),
    index("follow_requests_target_created_idx").on(table.targetId, table.createdAt),
  ],
);

export const blockTypeEnum = pgEnum("block_type", ["hard", "soft"]);

export const blocks = pgTable(
  "blocks",
  {
    blockerId: uuid("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: uuid("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockType: blockTypeEnum("block_type").notNull().default("hard"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.blockerId, table.blockedId] }),
    index("blocks_blocked_idx").on(table.blockedId),
  ],
);

export const postTypeEnum = pgEnum("post_type", ["free", "ppv", "subscriber"]);
export const mediaTypeEnum = pgEnum("media_type", ["image", "video"]);

/**
 * A post's full-text document: `posts_search_document(title, content, tags)`, an immutable SQL function (the
 * 'english' configuration; title and tags weigh more than the text) created by migration 0012. The index and every
 * search use this one expression, so the planner matches them.
 */
export function postSearchDocument(title: AnyPgColumn | SQL, content: AnyPgColumn | SQL, tags: AnyPgColumn | SQL) {
  return sql`posts_search_document(${title}, ${content}, ${tags})`;
}

export const posts = pgTable(
  "posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    authorId: uuid("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title"),
    content: text("content").notNull(),
    postType: postTypeEnum("post_type").notNull().default("free"),
    /** Pay-per-view price in integer cents; null unless postType is ppv. */
    priceCents: integer("price_cents"),
    mediaUrls: text("media_urls").array().notNull().default(sql`'{}'::text[]`),
    mediaType: mediaTypeEnum("media_type"),
    /** The author's description of the media (alt text); null when none was given. */
    altText: text("alt_text"),
    category: text("category"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    isCommentable: boolean("is_commentable").notNull().default(true),
    isLikeable: boolean("is_likeable").notNull().default(true),
    city: text("city"),
    state: text("state"),
    country: text("country"),
    countryCode: text("country_code"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    likeCount: integer("like_count").notNull().default(0),
    commentCount: integer("comment_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the author last changed title, content, tags, place, type or price; null when never. */
    editedAt: timestamp("edited_at", { withTimezone: true }),
    /** A partner business's perk the creator attached (docs/PRODUCT.md "Partnerships"); FK in migration 0017. */
    perkCouponId: uuid("perk_coupon_id"),
  },
  (table) => [
    index("posts_author_created_idx").on(table.authorId, table.createdAt.desc(), table.id.desc()),
    index("posts_created_idx").on(table.createdAt.desc(), table.id.desc()),
    index("posts_city_idx").on(sql`lower(${table.city})`),
    index("posts_state_idx").on(sql`lower(${table.state})`),
    index("posts_country_idx").on(sql`lower(${table.country})`),
    index("posts_lat_lng_idx").on(table.latitude, table.longitude),
    index("posts_trending_idx").on(table.likeCount.desc(), table.createdAt.desc()),
    // Full-text search over title, content and tags; the function is created in the same migration.
    index("posts_search_idx").using("gin", postSearchDocument(table.title, table.content, table.tags)),
  ],
);

export const likes = pgTable(
  "likes",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.postId, table.userId] }), index("likes_user_idx").on(table.userId)],
);

export const comments = pgTable(
  "comments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    authorId: uuid("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp("edited_at", { withTimezone: true }),
  },
  (table) => [index("comments_post_created_idx").on(table.postId, table.createdAt, table.id)],
);

export const uploadStatusEnum = pgEnum("upload_status", ["pending", "ready"]);
export const mediaStatusEnum = pgEnum("media_status", ["processing", "ready", "failed"]);

/** Objects uploaded through signed URLs; only `ready` ones owned by the user may become a photo address. */
export const uploads = pgTable(
  "uploads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: uploadStatusEnum("status").notNull().default("pending"),
    /** SHA-256 of the secret in the signed upload URL. */
    tokenHash: text("token_hash").notNull(),
    contentType: text("content_type"),
    byteSize: integer("byte_size"),
    width: integer("width"),
    height: integer("height"),
    /** ThumbHash (base64) of the stored image: what a card shows while the picture loads. */
    placeholder: text("placeholder"),
    /** Smaller widths stored beside the full image (`{id}-{width}.webp`), for srcset; never wider than it. */
    variantWidths: integer("variant_widths").array().notNull().default(sql`'{}'::int[]`),
    /** Videos only: re-encoding state (the video job takes `processing` ones), null for pictures. */
    videoStatus: mediaStatusEnum("video_status"),
    durationSeconds: doublePrecision("duration_seconds"),
    processingAttempts: integer("processing_attempts").notNull().default(0),
    /** While a job process re-encodes the video; after it passes, another run may take the video over. */
    processingLeaseUntil: timestamp("processing_lease_until", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("uploads_owner_created_idx").on(table.ownerId, table.createdAt),
    index("uploads_video_processing_idx").on(table.createdAt).where(sql`${table.videoStatus} = 'processing'`),
  ],
);

/**
 * The media of a post, in order (position 0 is the one older clients read as `mediaUrl`). Size, placeholder and
 * widths are copied from the upload; a video's processing state, size and duration are read from its upload,
 * which the video job updates.
 */
export const postMedia = pgTable(
  "post_media",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    uploadId: uuid("upload_id").references(() => uploads.id, { onDelete: "set null" }),
    type: mediaTypeEnum("type").notNull(),
    url: text("url").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    placeholder: text("placeholder"),
    variantWidths: integer("variant_widths").array().notNull().default(sql`'{}'::int[]`),
    /** The author's description of this item (alt text); null when none was given. */
    alt: text("alt"),
  },
  (table) => [primaryKey({ columns: [table.postId, table.position] })],
);

export const agreements = pgTable("agreements", {
  id: uuid("id").primaryKey().defaultRandom(),
  title: text("title").notNull(),
  version: text("version").notNull().unique(),
  content: text("content").notNull(),
  isActive: boolean("is_active").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

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
