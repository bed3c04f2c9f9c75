ALTER TABLE "agreements" DROP CONSTRAINT "agreements_version_unique";--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "kind" text DEFAULT 'user-agreement' NOT NULL;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_kind_version_unique" UNIQUE("kind","version");