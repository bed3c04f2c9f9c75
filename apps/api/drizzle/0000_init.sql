CREATE TYPE "public"."account_visibility" AS ENUM('public', 'private', 'custom');--> statement-breakpoint
CREATE TYPE "public"."location_privacy" AS ENUM('public', 'city', 'country', 'hidden');--> statement-breakpoint
CREATE TYPE "public"."profile_type" AS ENUM('personal', 'creator', 'business');--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"username" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"bio" text,
	"profile_image_url" text,
	"profile_type" "profile_type" DEFAULT 'personal' NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"is_superuser" boolean DEFAULT false NOT NULL,
	"is_suspended" boolean DEFAULT false NOT NULL,
	"suspended_until" timestamp with time zone,
	"suspension_reason" text,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"deletion_grace_period_end" timestamp with time zone,
	"social_links" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"account_visibility" "account_visibility" DEFAULT 'public' NOT NULL,
	"custom_visible_users" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"city" text,
	"state" text,
	"country" text,
	"country_code" text,
	"latitude" double precision,
	"longitude" double precision,
	"location_privacy" "location_privacy" DEFAULT 'city' NOT NULL,
	"allow_location_tracking" boolean DEFAULT false NOT NULL,
	"preferences" jsonb NOT NULL,
	"followers_count" integer DEFAULT 0 NOT NULL,
	"following_count" integer DEFAULT 0 NOT NULL,
	"posts_count" integer DEFAULT 0 NOT NULL,
	"subscription_price_cents" integer DEFAULT 1200 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_unique" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "users_created_at_id_idx" ON "users" USING btree ("created_at","id");