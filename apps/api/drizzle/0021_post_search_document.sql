-- Post search stores each post's document (search_document, generated from posts_search_document) so ranking reads
-- it instead of parsing every matching post's text again; posts_search_idx now indexes the column. Near you walks
-- posts with a place newest first through posts_placed_created_idx.
DROP INDEX "posts_search_idx";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search_document" "tsvector" GENERATED ALWAYS AS (posts_search_document("posts"."title", "posts"."content", "posts"."tags")) STORED;--> statement-breakpoint
CREATE INDEX "posts_placed_created_idx" ON "posts" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "posts"."latitude" is not null and "posts"."longitude" is not null;--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "posts" USING gin ("search_document");