import type { BuyTicketBody } from "@plaza/contracts/events";
import { EVENT_TEXTS } from "@plaza/contracts/events.texts";
import { CHECKOUT_TEXTS, isPaymentStarted, type PaymentStartedView } from "@plaza/contracts/payments.texts";
import { useQueryClient } from "@tanstack/react-query";
import { Ticket } from "lucide-react";
import { useState } from "react";
import { defineMessages, useIntl } from "react-intl";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { useText } from "@/i18n/texts";
import { usePaymentsConfig } from "@/lib/app-config";
import { useBuyTicket } from "../api/buy-ticket";
import { usePayeeReadiness } from "../api/get-payee-readiness";
import { refreshUnlockedContent } from "../api/refresh-unlocked-content";
import { CheckoutStep } from "../checkout/checkout-step";
import { useIdempotencyKey } from "../hooks/use-idempotency-key";
import { useMoney } from "../hooks/use-money";
import { CreatorReceivesNote } from "./creator-receives-note";
import { PayeeNotReadyNote } from "./payee-not-ready-note";
import {
  EMPTY_PAYMENT_CHOICE,
  type PaymentChoice,
  PaymentMethodFields,
  paymentChoiceProblem,
  paymentFieldsOf,
} from "./payment-method-fields";
import { PriceFeeNote } from "./price-fee-note";

const messages = defineMessages({
  bought: { id: "payments.ticket.bought", defaultMessage: "You have a ticket" },
  failed: { id: "payments.ticket.failed", defaultMessage: "Could not buy the ticket." },
  cancel: { id: "payments.ticket.cancel", defaultMessage: "Cancel" },
  buying: { id: "payments.ticket.buying", defaultMessage: "Buying..." },
});

const phrases = defineMessages<{ pay: { price: string } }>({
  pay: { id: "payments.ticket.pay", defaultMessage: "Pay {price}" },
});

/** What the ticket dialog needs of a paid event. */
export interface TicketEvent {
  id: string;
  title: string;
  priceCents: number;
  host: { id: string; name: string };
  /** Why no ticket can be bought now (sold out, cancelled, over), or null. */
  blockedReason: string | null;
}

/**
 * "Get ticket" of a paid event's page and its payment dialog: the same flow as Unlock and Subscribe (the built-in
 * provider's method fields, or Stripe's Payment Element once the server started the payment). With Stripe the
 * button is off, with the reason beside it, while the host can't receive payments (GET /api/payouts/readiness).
 */
export function TicketButton({ event }: { event: TicketEvent }) {
  const intl = useIntl();
  const text = useText();
  const money = useMoney();
  const [isOpen, setIsOpen] = useState(false);
  const [payment, setPayment] = useState<PaymentChoice>(EMPTY_PAYMENT_CHOICE);
  const [paymentProblem, setPaymentProblem] = useState<string | null>(null);
  const [started, setStarted] = useState<PaymentStartedView | null>(null);
  const queryClient = useQueryClient();
  const payments = usePaymentsConfig();
  const isStripe = payments?.provider === "stripe";
  const payee = usePayeeReadiness(event.host.id, isStripe);
  const purchase = useBuyTicket();
  const idempotency = useIdempotencyKey();
  const price = money.cents(event.priceCents);

  const close = () => {
    setPayment(EMPTY_PAYMENT_CHOICE);
    setPaymentProblem(null);
    setStarted(null);
    setIsOpen(false);
  };
  const bought = () => {
    toast({ title: intl.formatMessage(messages.bought) });
    close();
  };
  const buy = () => {
    const problem = isStripe ? null : paymentChoiceProblem(payment, intl);
    setPaymentProblem(problem);
    if (problem) return;
    const body: BuyTicketBody = isStripe ? { paymentMethod: "card" } : paymentFieldsOf(payment);
    purchase.mutateAsync({ eventId: event.id, body, idempotencyKey: idempotency.keyFor(body) }).then(
      (answer: unknown) => {
        idempotency.finishIntent();
        if (isPaymentStarted(answer)) setStarted(answer);
        else bought();
      },
      (error: unknown) => toastFailure(error, undefined, intl.formatMessage(messages.failed)),
    );
  };

  const isBlocked = event.blockedReason !== null || !payee.isReady;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" onClick={() => setIsOpen(true)} disabled={isBlocked} data-testid="get-ticket">
          <Ticket aria-hidden /> {text(EVENT_TEXTS.getTicket)} · {price}
        </Button>
        <PriceFeeNote />
      </div>
      {/* A contracts text (sold out, cancelled, over): in the page's language. */}
      {event.blockedReason && <p className="text-sm text-gray-600">{text(event.blockedReason)}</p>}
      <PayeeNotReadyNote message={payee.message} />
      <Dialog open={isOpen} onOpenChange={(next) => (next ? setIsOpen(true) : close())}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle className="flex items-center gap-2">
              <Ticket aria-hidden className="h-4 w-4" /> {text(EVENT_TEXTS.getTicket)}
            </DialogTitle>
            <DialogDescription className="wrap-anywhere">{event.title}</DialogDescription>
          </DialogHeader>
          <p className="text-2xl font-semibold">{price}</p>
          {started ? (
            <CheckoutStep
              started={started}
              publishableKey={payments?.stripePublishableKey ?? ""}
              amountCents={event.priceCents}
              onSucceeded={() => {
                bought();
                void refreshUnlockedContent(queryClient);
              }}
              onRestart={() => setStarted(null)}
            />
          ) : (
            !isStripe && <PaymentMethodFields value={payment} onChange={setPayment} isDisabled={purchase.isPending} />
          )}
          {paymentProblem && (
            <p role="alert" className="text-sm text-red-600">
              {paymentProblem}
            </p>
          )}
          <CreatorReceivesNote amountCents={event.priceCents} creatorName={event.host.name} />
          {!started && (
            <DialogFooter>
              <Button type="button" variant="outline" onClick={close}>
                {intl.formatMessage(messages.cancel)}
              </Button>
              <Button type="button" onClick={buy} disabled={purchase.isPending || !payee.isReady}>
                {purchase.isPending
                  ? intl.formatMessage(messages.buying)
                  : isStripe
                    ? text(CHECKOUT_TEXTS.continue)
                    : intl.formatMessage(phrases.pay, { price })}
              </Button>
            </DialogFooter>
          )}
        </DialogContent>
      </Dialog>
    </div>
  );
}
