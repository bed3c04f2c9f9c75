CREATE TABLE "federation_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"is_discoverable" boolean,
	"rsa_public_key" jsonb,
	"rsa_private_key" jsonb,
	"ed25519_public_key" jsonb,
	"ed25519_private_key" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "federation_kv" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "federation_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message" jsonb NOT NULL,
	"run_after" timestamp with time zone NOT NULL,
	"claimed_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remote_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_uri" text NOT NULL,
	"handle" text,
	"name" text,
	"inbox_url" text NOT NULL,
	"shared_inbox_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "remote_accounts_actor_uri_unique" UNIQUE("actor_uri")
);
--> statement-breakpoint
CREATE TABLE "remote_follows" (
	"remote_account_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"follow_activity_uri" text NOT NULL,
	"is_accepted" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "remote_follows_remote_account_id_user_id_pk" PRIMARY KEY("remote_account_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "federation_accounts" ADD CONSTRAINT "federation_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_follows" ADD CONSTRAINT "remote_follows_remote_account_id_remote_accounts_id_fk" FOREIGN KEY ("remote_account_id") REFERENCES "public"."remote_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_follows" ADD CONSTRAINT "remote_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "federation_kv_expires_idx" ON "federation_kv" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "federation_messages_run_after_idx" ON "federation_messages" USING btree ("run_after");--> statement-breakpoint
CREATE INDEX "remote_follows_user_created_idx" ON "remote_follows" USING btree ("user_id","created_at");