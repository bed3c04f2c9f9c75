-- Pictures are made by a job as videos are: one processing state for both (null: a picture stored before).
ALTER TABLE "uploads" RENAME COLUMN "video_status" TO "processing_status";--> statement-breakpoint
DROP INDEX "uploads_video_processing_idx";--> statement-breakpoint
CREATE INDEX "uploads_processing_idx" ON "uploads" USING btree ("created_at") WHERE "uploads"."processing_status" = 'processing';
