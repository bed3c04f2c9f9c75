ALTER TABLE "checkins" DROP COLUMN "latitude";--> statement-breakpoint
ALTER TABLE "checkins" DROP COLUMN "longitude";