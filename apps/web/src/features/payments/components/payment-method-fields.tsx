import type { PaymentMethod } from "@plaza/contracts/payments";
import { PAYMENT_METHODS } from "@plaza/contracts/payments.texts";
import { CreditCard } from "lucide-react";
import { useId } from "react";
import { defineMessages, type IntlShape, useIntl } from "react-intl";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/cn";
import { PAYMENT_METHOD_MESSAGES } from "./transaction-texts";

const messages = defineMessages({
  cardNumberMissing: { id: "payments.paymentMethod.cardNumberMissing", defaultMessage: "Enter the card number" },
  legend: { id: "payments.paymentMethod.legend", defaultMessage: "Payment method" },
  cardNumber: { id: "payments.paymentMethod.cardNumber", defaultMessage: "Card number" },
  lastFourOnly: {
    id: "payments.paymentMethod.lastFourOnly",
    defaultMessage: "Only the last 4 digits are sent to Plaza.",
  },
});

export interface PaymentChoice {
  method: PaymentMethod;
  cardNumber: string;
}

export const EMPTY_PAYMENT_CHOICE: PaymentChoice = { method: "card", cardNumber: "" };

/** What leaves the browser for a payment: the method and, for a card, only its last four digits. */
export function paymentFieldsOf(choice: PaymentChoice): { paymentMethod: PaymentMethod; cardLast4?: string } {
  if (choice.method !== "card") return { paymentMethod: choice.method };
  return { paymentMethod: "card", cardLast4: choice.cardNumber.replace(/\D/g, "").slice(-4) };
}

/** A card needs at least its last four digits; the other methods need nothing here. Said in the page's language. */
export function paymentChoiceProblem(choice: PaymentChoice, intl: IntlShape): string | null {
  if (choice.method !== "card") return null;
  return choice.cardNumber.replace(/\D/g, "").length >= 4 ? null : intl.formatMessage(messages.cardNumberMissing);
}

/** Payment method choice of docs/PRODUCT.md §2 (card, PayPal, Apple Pay), with a card-number field for cards. */
export function PaymentMethodFields({
  value,
  onChange,
  isDisabled = false,
}: {
  value: PaymentChoice;
  onChange: (next: PaymentChoice) => void;
  isDisabled?: boolean;
}) {
  const intl = useIntl();
  const cardFieldId = useId();
  const groupName = useId();
  return (
    <fieldset className="space-y-2" disabled={isDisabled}>
      <legend className="text-sm font-medium">{intl.formatMessage(messages.legend)}</legend>
      <div className="grid grid-cols-3 gap-2">
        {PAYMENT_METHODS.map((method) => (
          <label
            key={method}
            className={cn(
              "cursor-pointer rounded-md border px-3 py-2 text-center text-sm transition-colors has-[:focus-visible]:ring-2",
              value.method === method ? "border-primary bg-primary/10 font-medium" : "border-gray-200 hover:bg-gray-50",
            )}
          >
            <input
              type="radio"
              name={groupName}
              value={method}
              checked={value.method === method}
              onChange={() => onChange({ ...value, method })}
              className="sr-only"
            />
            {intl.formatMessage(PAYMENT_METHOD_MESSAGES[method])}
          </label>
        ))}
      </div>
      {value.method === "card" && (
        <div className="space-y-1.5">
          <Label htmlFor={cardFieldId}>{intl.formatMessage(messages.cardNumber)}</Label>
          <div className="relative">
            <CreditCard aria-hidden className="absolute start-2.5 top-2.5 h-4 w-4 text-gray-400" />
            <Input
              id={cardFieldId}
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="4242 4242 4242 4242"
              className="ps-8"
              value={value.cardNumber}
              onChange={(event) => onChange({ ...value, cardNumber: event.target.value.replace(/[^\d ]/g, "") })}
              maxLength={23}
            />
          </div>
          <p className="text-xs text-gray-500">{intl.formatMessage(messages.lastFourOnly)}</p>
        </div>
      )}
    </fieldset>
  );
}
