CREATE TABLE "instance_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"contact_email" text,
	"registration_mode" text DEFAULT 'open' NOT NULL,
	"logo_url" text,
	"locale" text DEFAULT 'en' NOT NULL,
	"members_can_invite" boolean DEFAULT false NOT NULL,
	"new_account_hours" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instance_settings_one_row" CHECK ("instance_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "invites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"created_by" uuid,
	"max_uses" integer NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invites_code_unique" UNIQUE("code"),
	CONSTRAINT "invites_uses_within_max" CHECK ("invites"."uses" <= "invites"."max_uses")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "registration_status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invites_created_by_idx" ON "invites" USING btree ("created_by","created_at" DESC NULLS LAST);