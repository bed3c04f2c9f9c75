ALTER TYPE "public"."ledger_transaction_kind" ADD VALUE 'ticket';--> statement-breakpoint
CREATE TABLE "event_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"code" text NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"transaction_id" uuid,
	"payment_id" uuid,
	"admitted_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"refund_due" boolean DEFAULT false NOT NULL,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "price_cents" integer;--> statement-breakpoint
ALTER TABLE "processor_payments" ADD COLUMN "event_id" uuid;--> statement-breakpoint
ALTER TABLE "event_tickets" ADD CONSTRAINT "event_tickets_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_tickets" ADD CONSTRAINT "event_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_tickets" ADD CONSTRAINT "event_tickets_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_tickets_code_unique" ON "event_tickets" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "event_tickets_holder_unique" ON "event_tickets" USING btree ("event_id","user_id") WHERE "event_tickets"."voided_at" is null;--> statement-breakpoint
CREATE INDEX "event_tickets_user_idx" ON "event_tickets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "event_tickets_refund_due_idx" ON "event_tickets" USING btree ("id") WHERE "event_tickets"."refund_due";--> statement-breakpoint
CREATE INDEX "processor_payments_ticket_holds_idx" ON "processor_payments" USING btree ("event_id","created_at") WHERE "processor_payments"."event_id" is not null and "processor_payments"."status" in ('requires_payment', 'processing');--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_price_positive" CHECK ("events"."price_cents" is null or "events"."price_cents" >= 100);