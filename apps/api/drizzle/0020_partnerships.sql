CREATE TYPE "public"."partnership_status" AS ENUM('pending', 'accepted', 'declined', 'ended');--> statement-breakpoint
CREATE TABLE "partnerships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"creator_id" uuid NOT NULL,
	"status" "partnership_status" DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "partner_creator_id" uuid;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "partnership_id" uuid;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "perk_coupon_id" uuid;--> statement-breakpoint
ALTER TABLE "partnerships" ADD CONSTRAINT "partnerships_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partnerships" ADD CONSTRAINT "partnerships_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "partnerships_open_pair_unique" ON "partnerships" USING btree ("business_id","creator_id") WHERE "partnerships"."status" in ('pending', 'accepted');--> statement-breakpoint
CREATE INDEX "partnerships_creator_idx" ON "partnerships" USING btree ("creator_id","created_at");--> statement-breakpoint
CREATE INDEX "partnerships_business_idx" ON "partnerships" USING btree ("business_id","created_at");--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_partner_creator_id_users_id_fk" FOREIGN KEY ("partner_creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_partnership_id_partnerships_id_fk" FOREIGN KEY ("partnership_id") REFERENCES "public"."partnerships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_perk_coupon_id_coupons_id_fk" FOREIGN KEY ("perk_coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupons_partnership_idx" ON "coupons" USING btree ("partnership_id");