CREATE TYPE "public"."media_status" AS ENUM('processing', 'ready', 'failed');--> statement-breakpoint
CREATE TABLE "post_media" (
	"post_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"upload_id" uuid,
	"type" "media_type" NOT NULL,
	"url" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"placeholder" text,
	"variant_widths" integer[] DEFAULT '{}'::int[] NOT NULL,
	"alt" text,
	CONSTRAINT "post_media_post_id_position_pk" PRIMARY KEY("post_id","position")
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "placeholder" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "variant_widths" integer[] DEFAULT '{}'::int[] NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "video_status" "media_status";--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "duration_seconds" double precision;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "processing_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "processing_lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "post_media" ADD CONSTRAINT "post_media_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_media" ADD CONSTRAINT "post_media_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_video_processing_idx" ON "uploads" USING btree ("created_at") WHERE "uploads"."video_status" = 'processing';--> statement-breakpoint
-- Posts from before galleries: their images become media items, in order, with the size their upload recorded.
INSERT INTO "post_media" ("post_id", "position", "upload_id", "type", "url", "width", "height", "alt")
SELECT p."id", (m.ord - 1)::int, u."id", coalesce(p."media_type", 'image'), m.url, u."width", u."height",
  CASE WHEN m.ord = 1 THEN p."alt_text" END
FROM "posts" p
CROSS JOIN LATERAL unnest(p."media_urls") WITH ORDINALITY AS m(url, ord)
JOIN "uploads" u ON '/uploads/' || u."id"::text || '.webp' = m.url
WHERE u."width" IS NOT NULL AND u."height" IS NOT NULL;
