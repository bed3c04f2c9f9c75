DROP INDEX "mail_outbox_due_idx";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "lane" text DEFAULT 'account' NOT NULL;--> statement-breakpoint
CREATE INDEX "mail_outbox_lane_due_idx" ON "mail_outbox" USING btree ("lane","next_attempt_at") WHERE "mail_outbox"."sent_at" is null and "mail_outbox"."failed_at" is null;