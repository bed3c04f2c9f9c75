import { sql } from "drizzle-orm";
import { doublePrecision, index, integer, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

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
    /**
     * Re-encoding state: the picture and video jobs take `processing` ones, then `ready` or `failed`. Null for
     * pictures stored before pictures were made by a job (they are ready).
     */
    processingStatus: mediaStatusEnum("processing_status"),
    durationSeconds: doublePrecision("duration_seconds"),
    processingAttempts: integer("processing_attempts").notNull().default(0),
    /** While a job process re-encodes the media; after it passes, another run may take it over. */
    processingLeaseUntil: timestamp("processing_lease_until", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("uploads_owner_created_idx").on(table.ownerId, table.createdAt),
    index("uploads_processing_idx").on(table.createdAt).where(sql`${table.processingStatus} = 'processing'`),
  ],
);
