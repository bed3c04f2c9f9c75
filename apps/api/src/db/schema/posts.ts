import { getTableColumns, type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  customType,
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
import { businesses } from "./businesses";
import { coupons } from "./coupons";
import { uploads } from "./uploads";
import { users } from "./users";

export const postTypeEnum = pgEnum("post_type", ["free", "ppv", "subscriber"]);
export const mediaTypeEnum = pgEnum("media_type", ["image", "video"]);

/**
 * A post's full-text document: `posts_search_document(title, content, tags)`, an immutable SQL function (the
 * 'english' configuration; title and tags weigh more than the text) created by migration 0012. The stored column
 * `search_document` is generated from it; a locked post's title-and-tags document is built with it too.
 */
export function postSearchDocument(title: AnyPgColumn | SQL, content: AnyPgColumn | SQL, tags: AnyPgColumn | SQL) {
  return sql`posts_search_document(${title}, ${content}, ${tags})`;
}

/** PostgreSQL's tsvector, read and written as its text form (only ever generated and matched in SQL). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

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
    /** When a moderator hid the post (only its author still sees it); null while it shows. */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    /**
     * When a moderator deleted the post: shown to nobody, its author included, and erased once its appeal window has
     * passed with no appeal open (a granted appeal brings it back first); null while it stands.
     */
    removedAt: timestamp("removed_at", { withTimezone: true }),
    /** The place the post is tagged to ("Tag a place"); its pictures show on that business's Photos tab. */
    businessId: uuid("business_id").references((): AnyPgColumn => businesses.id, { onDelete: "set null" }),
    /** A partner business's perk the creator attached (docs/PRODUCT.md "Partnerships"). */
    perkCouponId: uuid("perk_coupon_id").references((): AnyPgColumn => coupons.id, { onDelete: "set null" }),
    /**
     * The full-text document, stored: search matches it through posts_search_idx and ranks it with ts_rank without
     * parsing each matching post's text again. List queries leave it out (see postColumns).
     */
    searchDocument: tsvector("search_document").generatedAlwaysAs(
      (): SQL => postSearchDocument(posts.title, posts.content, posts.tags),
    ),
  },
  (table) => [
    index("posts_author_created_idx").on(table.authorId, table.createdAt.desc(), table.id.desc()),
    // A business's customers' photos, newest first (keyset on created_at, id).
    index("posts_business_created_idx")
      .on(table.businessId, table.createdAt.desc(), table.id.desc())
      .where(sql`${table.businessId} is not null`),
    index("posts_created_idx").on(table.createdAt.desc(), table.id.desc()),
    index("posts_city_idx").on(sql`lower(${table.city})`),
    index("posts_state_idx").on(sql`lower(${table.state})`),
    index("posts_country_idx").on(sql`lower(${table.country})`),
    index("posts_lat_lng_idx").on(table.latitude, table.longitude),
    index("posts_trending_idx").on(table.likeCount.desc(), table.createdAt.desc()),
    // Full-text search over title, content and tags (the stored document).
    index("posts_search_idx").using("gin", table.searchDocument),
    // Near you: posts with a place, newest first, walked until a page of them falls inside the area.
    index("posts_placed_created_idx")
      .on(table.createdAt.desc(), table.id.desc())
      .where(sql`${table.latitude} is not null and ${table.longitude} is not null`),
    // The few posts a moderator deleted, waiting for their appeal window to pass (the purge job's walk).
    index("posts_removed_idx").on(table.removedAt).where(sql`${table.removedAt} is not null`),
  ],
);

/** Every posts column but the stored search document, which only search reads (lists, exports leave it out). */
export const { searchDocument: _searchDocument, ...postColumns } = getTableColumns(posts);

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
