import { TIP_MINIMUM_DOLLARS } from "@plaza/contracts/constants";
import { type PaymentStartedView, tipBody } from "@plaza/contracts/payments";
import { CHECKOUT_TEXTS, dollarsToCents, isPaymentStarted, TIP_TEXTS } from "@plaza/contracts/payments.texts";
import { useState } from "react";
import { useWatch } from "react-hook-form";
import { defineMessages, type IntlShape, useIntl } from "react-intl";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Form, FormField, FormSubmit, useZodForm } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { useText } from "@/i18n/texts";
import { type AppPaymentsConfig, usePaymentsConfig } from "@/lib/app-config";
import { TIP_PLACEHOLDER } from "@/lib/ui-constants";
import { usePayeeReadiness } from "../api/get-payee-readiness";
import { useSendTip } from "../api/send-tip";
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

const messages = defineMessages({
  loading: { id: "payments.tip.loading", defaultMessage: "Loading..." },
  title: { id: "payments.tip.title", defaultMessage: "Send a tip" },
  amount: { id: "payments.tip.amount", defaultMessage: "Amount (USD)" },
  quickAmounts: { id: "payments.tip.quickAmounts", defaultMessage: "Quick amounts" },
  message: { id: "payments.tip.message", defaultMessage: "Message (optional)" },
  messagePlaceholder: { id: "payments.tip.messagePlaceholder", defaultMessage: "Say something nice..." },
  cancel: { id: "payments.tip.cancel", defaultMessage: "Cancel" },
  sending: { id: "payments.tip.sending", defaultMessage: "Sending..." },
  send: { id: "payments.tip.send", defaultMessage: "Send tip" },
});

const phrases = defineMessages<{
  sentDescription: { amount: string; name: string };
  amountTo: { amount: string; name: string };
  formLabel: { name: string };
  description: { name: string };
  sendAmount: { amount: string };
}>({
  sentDescription: { id: "payments.tip.sentDescription", defaultMessage: "You sent {amount} to {name}." },
  amountTo: { id: "payments.tip.amountTo", defaultMessage: "{amount} to {name}" },
  formLabel: { id: "payments.tip.formLabel", defaultMessage: "Tip {name}" },
  description: { id: "payments.tip.description", defaultMessage: "Support {name} with a tip." },
  sendAmount: { id: "payments.tip.sendAmount", defaultMessage: "Send {amount} tip" },
});

/** A preset's whole dollars: "$5". */
const PRESET_FORMAT = { style: "currency", currency: "USD", maximumFractionDigits: 0 } as const;

/** One-tap amounts, as Ko-fi and Patreon offer them; any other amount from $1.00 can be typed. */
const TIP_PRESET_DOLLARS = [2, 5, 10, 20] as const;

/** The amount as typed; blank is no number at all (the contract then says the amount is invalid). */
const amountOf = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));

/**
 * The dialog's schema: the amount and message checked by the contract's `tipBody`, then the payment method (a card
 * needs its last four digits), as the server will see them. With Stripe the method is chosen in Stripe's own form
 * after this step, so there is nothing to check here.
 */
const tipFormFor = (hasPaymentFields: boolean, intl: IntlShape) =>
  z
    .object({ amount: z.string(), message: z.string(), payment: z.custom<PaymentChoice>() })
    .transform(({ amount, message, payment }) => ({
      amount: amountOf(amount),
      ...(message.trim() === "" ? {} : { message }),
      payment,
    }))
    .pipe(tipBody.pick({ amount: true, message: true }).extend({ payment: z.custom<PaymentChoice>() }))
    .superRefine(({ payment }, context) => {
      const problem = hasPaymentFields ? paymentChoiceProblem(payment, intl) : null;
      if (problem) context.addIssue({ code: "custom", message: problem, path: ["payment"] });
    });
type TipForm = ReturnType<typeof tipFormFor>;
type TipFormValues = z.input<TipForm>;
const EMPTY_TIP: TipFormValues = { amount: "", message: "", payment: EMPTY_PAYMENT_CHOICE };

interface TipDialogProps {
  receiverId: string;
  receiverName: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/**
 * Tip dialog of docs/PRODUCT.md §2: amount in USD (minimum 1), optional message, payment method. With Stripe the
 * payment method is Stripe's Payment Element, shown once the server has started the payment.
 */
export function TipDialog(props: TipDialogProps) {
  const intl = useIntl();
  const payments = usePaymentsConfig();
  return (
    <Dialog open={props.isOpen} onOpenChange={props.onOpenChange}>
      <DialogContent>
        {payments ? (
          <TipForm {...props} payments={payments} />
        ) : (
          <LoadingRegion label={intl.formatMessage(messages.loading)}>
            <Skeleton className="h-64 w-full" />
          </LoadingRegion>
        )}
      </DialogContent>
    </Dialog>
  );
}

function TipForm({
  receiverId,
  receiverName,
  onOpenChange,
  payments,
}: TipDialogProps & { payments: AppPaymentsConfig }) {
  const intl = useIntl();
  const text = useText();
  const money = useMoney();
  const isStripe = payments.provider === "stripe";
  const [tipForm] = useState(() => tipFormFor(!isStripe, intl));
  const form = useZodForm(tipForm, { defaultValues: EMPTY_TIP });
  const sendTip = useSendTip();
  const payee = usePayeeReadiness(receiverId, isStripe);
  const idempotency = useIdempotencyKey();
  const [started, setStarted] = useState<PaymentStartedView | null>(null);
  const [amountText, payment] = useWatch({ control: form.control, name: ["amount", "payment"] });
  const amount = amountOf(amountText);
  const amountCents = Number.isFinite(amount) && amount > 0 ? dollarsToCents(amount) : null;
  const paymentProblem = form.formState.errors.payment?.message;

  const close = () => onOpenChange(false);

  const sent = (cents: number) => {
    toast({
      title: text(TIP_TEXTS.sent),
      description: intl.formatMessage(phrases.sentDescription, { amount: money.cents(cents), name: receiverName }),
    });
    close();
  };

  const submit = ({ payment: choice, ...fields }: z.output<TipForm>) => {
    const body = tipBody.parse({ receiverId, ...fields, ...(isStripe ? {} : paymentFieldsOf(choice)) });
    sendTip.mutate(
      { body, idempotencyKey: idempotency.keyFor(body) },
      {
        onSuccess: (answer) => {
          idempotency.finishIntent();
          if (isPaymentStarted(answer)) setStarted(answer);
          else sent(answer.amountCents);
        },
        onError: (error) => {
          toastFailure(error, undefined, text(TIP_TEXTS.failed));
        },
      },
    );
  };

  if (started && amountCents) {
    return (
      <div className="space-y-4">
        <DialogHeader>
          <DialogTitle>{intl.formatMessage(messages.title)}</DialogTitle>
          <DialogDescription>
            {intl.formatMessage(phrases.amountTo, { amount: money.cents(amountCents), name: receiverName })}
          </DialogDescription>
        </DialogHeader>
        <CheckoutStep
          started={started}
          publishableKey={payments.stripePublishableKey ?? ""}
          amountCents={amountCents}
          onSucceeded={() => sent(amountCents)}
          onRestart={() => setStarted(null)}
        />
        <CreatorReceivesNote amountCents={amountCents} creatorName={receiverName} />
      </div>
    );
  }

  return (
    <Form
      form={form}
      onSubmit={submit}
      pending={sendTip.isPending}
      className="space-y-4"
      aria-label={intl.formatMessage(phrases.formLabel, { name: receiverName })}
    >
      <DialogHeader>
        <DialogTitle>{intl.formatMessage(messages.title)}</DialogTitle>
        <DialogDescription>{intl.formatMessage(phrases.description, { name: receiverName })}</DialogDescription>
      </DialogHeader>
      <div className="space-y-1.5">
        <FormField name="amount" label={intl.formatMessage(messages.amount)}>
          {(field) => (
            <div className="relative">
              <span className="absolute start-3 top-2 text-sm text-gray-500">$</span>
              <Input
                type="number"
                inputMode="decimal"
                min={TIP_MINIMUM_DOLLARS}
                step="0.01"
                placeholder={TIP_PLACEHOLDER}
                className="ps-6"
                {...field}
              />
            </div>
          )}
        </FormField>
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">{intl.formatMessage(messages.quickAmounts)}</legend>
          {TIP_PRESET_DOLLARS.map((preset) => {
            const isChosen = amount === preset;
            return (
              <Button
                key={preset}
                type="button"
                size="sm"
                variant={isChosen ? "default" : "outline"}
                aria-pressed={isChosen}
                onClick={() =>
                  form.setValue("amount", preset.toFixed(2), {
                    shouldDirty: true,
                    shouldValidate: form.formState.isSubmitted,
                  })
                }
              >
                {intl.formatNumber(preset, PRESET_FORMAT)}
              </Button>
            );
          })}
        </fieldset>
      </div>
      <FormField name="message" label={intl.formatMessage(messages.message)}>
        {(field) => (
          <Textarea maxLength={500} placeholder={intl.formatMessage(messages.messagePlaceholder)} {...field} />
        )}
      </FormField>
      {!isStripe && (
        <PaymentMethodFields
          value={payment}
          onChange={(next) => {
            form.setValue("payment", next, { shouldDirty: true });
            form.clearErrors("payment");
          }}
          isDisabled={sendTip.isPending}
        />
      )}
      {paymentProblem && (
        <p role="alert" className="text-sm text-red-600">
          {paymentProblem}
        </p>
      )}
      <CreatorReceivesNote amountCents={amountCents} creatorName={receiverName} />
      <PayeeNotReadyNote message={payee.message} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={close}>
          {intl.formatMessage(messages.cancel)}
        </Button>
        <FormSubmit pendingLabel={intl.formatMessage(messages.sending)} disabled={!payee.isReady}>
          {isStripe
            ? text(CHECKOUT_TEXTS.continue)
            : amountCents
              ? intl.formatMessage(phrases.sendAmount, { amount: money.cents(amountCents) })
              : intl.formatMessage(messages.send)}
        </FormSubmit>
      </DialogFooter>
    </Form>
  );
}
