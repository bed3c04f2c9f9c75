import type { AppContext } from "../../app-context";
import { stripeProviderFor } from "./payment-provider";
import { clearRefundDue, listPaymentsDueRefund } from "./processor-payments.repository";

/** The job that refunds payments marked `refundDue` (a second payment for something already bought). */
export const PAYMENT_REFUNDS_JOB = "payment-refunds";
const REFUND_BATCH = 50;

/**
 * Refunds every payment marked `refundDue`, in full, on its creator's account. Stripe's idempotency key makes a
 * repeated run ask once; the mark goes when Stripe has the refund, and `charge.refunded` reverses the ledger.
 * A refund Stripe refuses stays marked and is retried with the job. Returns how many were refunded.
 */
export async function refundDuePayments(context: AppContext): Promise<number> {
  const stripe = stripeProviderFor(context.env);
  if (!stripe) return 0;
  const due = await listPaymentsDueRefund(context.db, REFUND_BATCH);
  let refunded = 0;
  for (const payment of due) {
    await stripe.refundPayment({
      intentId: payment.intentId,
      connectedAccountId: payment.connectedAccountId,
      paymentId: payment.id,
      reason: "duplicate",
    });
    await clearRefundDue(context.db, payment.id, context.clock.now());
    refunded += 1;
  }
  return refunded;
}
