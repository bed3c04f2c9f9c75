ALTER TABLE "businesses" ADD COLUMN "hours" jsonb;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "checkins" ADD COLUMN "owner_reply" text;--> statement-breakpoint
ALTER TABLE "checkins" ADD COLUMN "owner_reply_at" timestamp with time zone;