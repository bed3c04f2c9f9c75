DROP INDEX "ledger_transactions_reverses_unique";--> statement-breakpoint
ALTER TABLE "processor_payments" ADD COLUMN "reversed_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "ledger_transactions_reverses_idx" ON "ledger_transactions" USING btree ("reverses_transaction_id") WHERE "ledger_transactions"."reverses_transaction_id" is not null;