-- Ledger transactions stay immutable in everything that is money (kind, amount, method, provider, reference,
-- message, time), but a deleted post or a deleted account must be able to clear its reference: the foreign keys
-- are ON DELETE SET NULL, which is an UPDATE. Only that is allowed; entries stay fully append-only.
CREATE OR REPLACE FUNCTION ledger_transactions_refuse_change() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND NEW.id = OLD.id
    AND NEW.kind = OLD.kind
    AND NEW.amount_cents = OLD.amount_cents
    AND NEW.payment_method = OLD.payment_method
    AND NEW.provider = OLD.provider
    AND NEW.provider_reference IS NOT DISTINCT FROM OLD.provider_reference
    AND NEW.message IS NOT DISTINCT FROM OLD.message
    AND NEW.created_at = OLD.created_at
    AND (NEW.payer_id IS NOT DISTINCT FROM OLD.payer_id OR NEW.payer_id IS NULL)
    AND (NEW.payee_id IS NOT DISTINCT FROM OLD.payee_id OR NEW.payee_id IS NULL)
    AND (NEW.post_id IS NOT DISTINCT FROM OLD.post_id OR NEW.post_id IS NULL)
  THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'ledger rows are append-only (% on %)', TG_OP, TG_TABLE_NAME USING ERRCODE = 'P0001';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER ledger_transactions_append_only ON ledger_transactions;
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_append_only BEFORE UPDATE OR DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_transactions_refuse_change();
