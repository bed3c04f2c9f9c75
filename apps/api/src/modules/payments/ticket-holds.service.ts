import { PAYMENT_UPDATED_EVENT } from "@plaza/contracts/payments";
import type { AppContext } from "../../app-context";
import { inTransaction } from "../../lib/unit-of-work";
import { failCancelledTicketPayment, listExpiredTicketHolds } from "./event-tickets.repository";
import { paymentProviderFor } from "./payment-provider";
import { presentPayment } from "./processor-payments.service";

/** The job that cancels the PaymentIntents of ticket payments whose seat hold expired. */
export const TICKET_HOLDS_JOB = "ticket-holds";
const HOLD_BATCH = 50;

/**
 * Releases expired seat holds at the processor (docs/decisions/0013-event-tickets.md "Seats and holds"). A hold
 * frees its seat by time alone (countSeatHolds stops counting it); this job then cancels its PaymentIntent through
 * the payment provider, so the buyer can no longer pay for a seat that may be sold again. The provider is called
 * outside any transaction, before the payment is marked `failed` in its own short one, only if still open: a run
 * interrupted in between cancels again (the same idempotency key, or an intent already cancelled, answers
 * "cancelled"), and a payment marked failed is never listed again. An intent that succeeded first ("settling") is
 * left to its webhook, which issues the ticket only if a seat is still free and otherwise refunds it in full
 * (settleTicketPayment). Returns how many payments were cancelled.
 */
export async function releaseExpiredTicketHolds(context: AppContext): Promise<number> {
  const provider = paymentProviderFor(context.env);
  let cancelled = 0;
  for (const payment of await listExpiredTicketHolds(context.db, context.clock.now(), HOLD_BATCH)) {
    const outcome = await provider.cancelPayment({
      intentId: payment.intentId,
      connectedAccountId: payment.connectedAccountId,
      paymentId: payment.id,
    });
    if (outcome !== "cancelled") continue;
    const failed = await inTransaction(context, async (tx, effects) => {
      const row = await failCancelledTicketPayment(tx, payment.id, context.clock.now());
      if (row) effects.publish(row.payerId, { type: PAYMENT_UPDATED_EVENT, payload: presentPayment(row) });
      return row;
    });
    if (failed) cancelled += 1;
  }
  return cancelled;
}
