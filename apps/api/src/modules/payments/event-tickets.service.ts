import { type BuyTicketBody, EVENT_MESSAGES, type TicketView } from "@plaza/contracts/events";
import type { PaymentStartedView } from "@plaza/contracts/payments";
import type { AppContext } from "../../app-context";
import type { Executor, Transaction } from "../../db/client";
import type { EventRow } from "../../db/schema/events";
import type { UserRow } from "../../db/schema/users";
import { badRequest, conflict, forbidden, notFound } from "../../lib/app-error";
import type { IdempotentRequest, MoneyResponse } from "../../lib/idempotency-key";
import type { Effects } from "../../lib/unit-of-work";
import { findEventById, findVisibleEvent, lockEvent } from "../events/events.repository";
import { findValidTicket } from "../events/tickets.repository";
import { issuePaidTicket } from "../events/tickets.service";
import { countSeatHolds, findHeldTicketPayment } from "./event-tickets.repository";
import { recordLedgerTransaction } from "./ledger.repository";
import { stripeProviderFor } from "./payment-provider";
import { findPaymentParty } from "./payments.repository";
import { charge, intentReference, peekIdempotentReplay, refusalOfPayment, runMoneyCall } from "./payments.service";
import type { ProcessorPaymentRow } from "./processor-payments.repository";
import { presentStarted, requireActivePayee, startProcessorPayment } from "./processor-payments.service";

/**
 * Paid tickets (CONTRACT.md "Fourth round" → "Events", "Paid events"): POST /api/events/{id}/tickets buys one
 * through the same provider, ledger and webhooks as every other payment; the money goes to the event's creator
 * with no platform fee. Seats are counted under the event's row lock (lockEvent, as RSVPs are): the people going
 * plus the seats open payments hold (15 minutes, EVENT_TICKET_HOLD_MS) never pass the capacity. With the built-in
 * provider the ticket is issued in the same transaction as the charge; with Stripe it is issued when the
 * payment succeeds (settleTicketPayment, from the webhook), and a hold that expired before then frees its seat.
 */

/** Whether a seat of the locked event is free for a new ticket, counting the seats open payments hold. */
export async function hasFreeSeat(
  db: Executor,
  event: EventRow,
  now: Date,
  exceptPaymentId?: string,
): Promise<boolean> {
  if (event.capacity === null) return true;
  const held = await countSeatHolds(db, event.id, now, exceptPaymentId);
  return event.goingCount + held < event.capacity;
}

/**
 * The rules of a purchase, inside a transaction that then locks the event: a visible, upcoming, paid event the
 * buyer does not create and holds no ticket to, whose host may be paid. What does not change with the seats is
 * asked before the lock, so buyers queue on it for as short a time as possible. Answers the locked event. The seat
 * is checked separately (requireSeat), after a payment already open has been looked for.
 */
async function checkPurchase(context: AppContext, tx: Transaction, buyer: UserRow, eventId: string) {
  const now = context.clock.now();
  const visible = await findVisibleEvent(tx, eventId, buyer.id);
  if (!visible) throw notFound(EVENT_MESSAGES.eventNotFound);
  if (visible.event.creatorId === buyer.id) throw badRequest(EVENT_MESSAGES.hostsNeedNoTicket);
  const host = await findPaymentParty(tx, visible.event.creatorId);
  if (!host) throw notFound(EVENT_MESSAGES.eventNotFound);
  const refusal = await refusalOfPayment(tx, buyer.id, host, "ticket", now);
  if (refusal === "blocked") throw forbidden(EVENT_MESSAGES.ticketBlocked);
  if (refusal) throw forbidden(EVENT_MESSAGES.hostCannotSell);
  const event = await lockEvent(tx, eventId);
  if (!event) throw notFound(EVENT_MESSAGES.eventNotFound);
  if (event.cancelledAt) throw conflict(EVENT_MESSAGES.cancelled, "EVENT_CANCELLED");
  if (event.endsAt.getTime() <= now.getTime()) throw conflict(EVENT_MESSAGES.past, "EVENT_PAST");
  if (event.priceCents === null) throw conflict(EVENT_MESSAGES.freeEvent, "FREE_EVENT");
  if (await findValidTicket(tx, event.id, buyer.id)) throw conflict(EVENT_MESSAGES.alreadyHasTicket, "HAS_TICKET");
  return { event, priceCents: event.priceCents };
}

/**
 * 409 "This event is sold out" read without the lock, before any work: seats only free up when someone leaves or
 * a hold expires, so a buyer refused here would almost always be refused under the lock too, and a rush of buyers
 * for a sold-out event never queues on it.
 */
async function refuseWhenSoldOut(context: AppContext, eventId: string): Promise<void> {
  const event = await findEventById(context.db, eventId);
  if (event && !event.cancelledAt && !(await hasFreeSeat(context.db, event, context.clock.now()))) {
    throw conflict(EVENT_MESSAGES.soldOut, "SOLD_OUT");
  }
}

/** 409 "This event is sold out" unless a seat of the locked event is free. */
async function requireSeat(tx: Executor, event: EventRow, now: Date): Promise<void> {
  if (!(await hasFreeSeat(tx, event, now))) throw conflict(EVENT_MESSAGES.soldOut, "SOLD_OUT");
}

/** The same intent for a payer who asks again while their payment holds a seat; 409 while the bank works on it. */
function answerHeldPayment(open: ProcessorPaymentRow): { status: 202; body: PaymentStartedView } {
  const started = presentStarted(open);
  if (started) return { status: 202, body: started };
  throw conflict(EVENT_MESSAGES.ticketInProgress, "PAYMENT_IN_PROGRESS");
}

/** POST /api/events/{id}/tickets: 201 the ticket (built-in provider), or 202 the payment to confirm (Stripe). */
export async function buyTicket(
  context: AppContext,
  buyer: UserRow,
  eventId: string,
  body: BuyTicketBody,
  idempotency: IdempotentRequest | null,
): Promise<MoneyResponse<TicketView | PaymentStartedView>> {
  const stripe = stripeProviderFor(context.env);
  if (!stripe) {
    if (!idempotency || !(await peekIdempotentReplay(context, idempotency))) await refuseWhenSoldOut(context, eventId);
    return runMoneyCall(context, idempotency, async (tx) => {
      const { event, priceCents } = await checkPurchase(context, tx, buyer, eventId);
      const now = context.clock.now();
      await requireSeat(tx, event, now);
      const paid = await charge(context, priceCents, body, intentReference(buyer.id, idempotency));
      const transaction = await recordLedgerTransaction(tx, {
        kind: "ticket",
        payerId: buyer.id,
        payeeId: event.creatorId,
        amountCents: priceCents,
        paymentMethod: body.paymentMethod,
        provider: paid.provider,
        providerReference: paid.reference,
        createdAt: now,
      });
      const ticket = await issuePaidTicket(tx, event, {
        userId: buyer.id,
        priceCents,
        transactionId: transaction.id,
        paymentId: null,
        now,
      });
      return { status: 201, body: { id: ticket.id, code: ticket.code, eventId: event.id, priceCents } };
    });
  }
  const replay = await peekIdempotentReplay(context, idempotency);
  if (replay) return replay as MoneyResponse<PaymentStartedView>;
  const prepared = await context.db.transaction(async (tx) => {
    const { event, priceCents } = await checkPurchase(context, tx, buyer, eventId);
    const now = context.clock.now();
    const held = await findHeldTicketPayment(tx, buyer.id, event.id, now);
    if (held) return { answer: answerHeldPayment(held) };
    await requireSeat(tx, event, now);
    return { event, priceCents, connectedAccountId: await requireActivePayee(tx, event.creatorId) };
  });
  if ("answer" in prepared && prepared.answer) {
    const { answer } = prepared;
    return runMoneyCall<PaymentStartedView>(context, idempotency, async () => answer);
  }
  if (!("event" in prepared) || !prepared.event) throw new Error("unreachable");
  const { event, priceCents, connectedAccountId } = prepared;
  const plan = {
    kind: "ticket" as const,
    payeeId: event.creatorId,
    amountCents: priceCents,
    eventId: event.id,
    description: `Ticket: ${event.title}`.slice(0, 200),
  };
  // The seat is taken when the pending payment is committed: the event is locked and counted again there, so two
  // buyers of the last seat never both hold it (the loser's intent never reaches a browser).
  const seatGuarded = <T>(
    inner: AppContext,
    key: IdempotentRequest | null,
    work: (tx: Transaction, effects: Effects) => Promise<{ status: number; body: T }>,
  ) =>
    runMoneyCall<T>(inner, key, async (tx, effects) => {
      const locked = await lockEvent(tx, event.id);
      if (!locked || locked.cancelledAt) throw conflict(EVENT_MESSAGES.cancelled, "EVENT_CANCELLED");
      await requireSeat(tx, locked, context.clock.now());
      return work(tx, effects);
    });
  const reference = intentReference(buyer.id, idempotency);
  return startProcessorPayment(context, stripe, buyer, plan, connectedAccountId, reference, idempotency, seatGuarded);
}

/**
 * `payment_intent.succeeded` of a ticket payment, in the webhook's transaction after the ledger posted: issues the
 * ticket when a seat is still free (its own hold no longer counts), else answers false and the payment is refunded
 * in full (the event was cancelled, the buyer has a ticket already, or the hold expired and the seat was sold).
 */
export async function settleTicketPayment(
  tx: Transaction,
  payment: ProcessorPaymentRow,
  transactionId: string,
  now: Date,
): Promise<boolean> {
  if (!payment.eventId) return false;
  const event = await lockEvent(tx, payment.eventId);
  if (!event || event.cancelledAt || event.priceCents === null) return false;
  if (await findValidTicket(tx, event.id, payment.payerId)) return false;
  if (!(await hasFreeSeat(tx, event, now, payment.id))) return false;
  await issuePaidTicket(tx, event, {
    userId: payment.payerId,
    priceCents: payment.amountCents,
    transactionId,
    paymentId: payment.id,
    now,
  });
  return true;
}
