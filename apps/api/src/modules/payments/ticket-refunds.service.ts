import type { AppContext } from "../../app-context";
import { inTransaction } from "../../lib/unit-of-work";
import { listTicketsDueRefund, lockTicketDueRefund, markTicketRefunded } from "../events/tickets.repository";
import { recordReversal } from "./ledger.repository";
import { stripeProviderFor } from "./payment-provider";
import { findPaymentOfPayer } from "./processor-payments.repository";

const REFUND_BATCH = 50;

/**
 * The ticket refunds job (TICKET_REFUNDS_JOB, asked for after a paid ticket is voided: its holder left until 24
 * hours before the start, or the event was cancelled). Each ticket is refunded in full through the provider that
 * took the money:
 * - Stripe: a refund of its PaymentIntent on the host's account (Stripe's idempotency key makes a repeated run ask
 *   once); `charge.refunded` then reverses the ledger, as for every refund.
 * - the built-in provider, which charged at once: the reversal is recorded here, with the ticket's mark, in one
 *   transaction that locks the ticket (a second run finds nothing due).
 * A refund Stripe refuses stays due and is retried with the job. Returns how many were refunded.
 */
export async function refundDueTickets(context: AppContext): Promise<number> {
  const stripe = stripeProviderFor(context.env);
  let refunded = 0;
  for (const due of await listTicketsDueRefund(context.db, REFUND_BATCH)) {
    const payment = due.paymentId ? await findPaymentOfPayer(context.db, due.userId, due.paymentId) : undefined;
    if (payment) {
      if (!stripe) continue;
      await stripe.refundPayment({
        intentId: payment.intentId,
        connectedAccountId: payment.connectedAccountId,
        paymentId: payment.id,
        reason: "requested_by_customer",
      });
    }
    const done = await inTransaction(context, async (tx) => {
      const ticket = await lockTicketDueRefund(tx, due.id);
      if (!ticket) return false;
      const now = context.clock.now();
      if (!payment && ticket.transactionId) await recordReversal(tx, ticket.transactionId, now);
      await markTicketRefunded(tx, ticket.id, now);
      return true;
    });
    if (done) refunded += 1;
  }
  return refunded;
}
