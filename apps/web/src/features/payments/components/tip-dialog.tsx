import { TIP_MINIMUM_DOLLARS } from "@plaza/contracts/constants";
import { dollarsToCents, formatCents, TIP_TEXTS, tipBody } from "@plaza/contracts/payments";
import { useWatch } from "react-hook-form";
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
import { Textarea } from "@/components/ui/textarea";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { TIP_PLACEHOLDER } from "@/lib/ui-constants";
import { useSendTip } from "../api/send-tip";
import { useIdempotencyKey } from "../hooks/use-idempotency-key";
import { CreatorReceivesNote } from "./creator-receives-note";
import {
  EMPTY_PAYMENT_CHOICE,
  type PaymentChoice,
  PaymentMethodFields,
  paymentChoiceProblem,
  paymentFieldsOf,
} from "./payment-method-fields";

/** One-tap amounts, as Ko-fi and Patreon offer them; any other amount from $1.00 can be typed. */
const TIP_PRESET_DOLLARS = [2, 5, 10, 20] as const;

/** The amount as typed; blank is no number at all (the contract then says the amount is invalid). */
const amountOf = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));

/**
 * The dialog's schema: the amount and message checked by the contract's `tipBody`, then the payment method (a card
 * needs its last four digits), as the server will see them.
 */
const tipForm = z
  .object({ amount: z.string(), message: z.string(), payment: z.custom<PaymentChoice>() })
  .transform(({ amount, message, payment }) => ({
    amount: amountOf(amount),
    ...(message.trim() === "" ? {} : { message }),
    payment,
  }))
  .pipe(tipBody.pick({ amount: true, message: true }).extend({ payment: z.custom<PaymentChoice>() }))
  .superRefine(({ payment }, context) => {
    const problem = paymentChoiceProblem(payment);
    if (problem) context.addIssue({ code: "custom", message: problem, path: ["payment"] });
  });
type TipFormValues = z.input<typeof tipForm>;
const EMPTY_TIP: TipFormValues = { amount: "", message: "", payment: EMPTY_PAYMENT_CHOICE };

/** Tip dialog of docs/PRODUCT.md §2: amount in USD (minimum 1), optional message, payment method. */
export function TipDialog({
  receiverId,
  receiverName,
  isOpen,
  onOpenChange,
}: {
  receiverId: string;
  receiverName: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const form = useZodForm(tipForm, { defaultValues: EMPTY_TIP });
  const sendTip = useSendTip();
  const idempotency = useIdempotencyKey();
  const [amountText, payment] = useWatch({ control: form.control, name: ["amount", "payment"] });
  const amount = amountOf(amountText);
  const amountCents = Number.isFinite(amount) && amount > 0 ? dollarsToCents(amount) : null;
  const paymentProblem = form.formState.errors.payment?.message;

  const close = () => {
    form.reset(EMPTY_TIP);
    onOpenChange(false);
  };

  const submit = ({ payment: choice, ...fields }: z.output<typeof tipForm>) => {
    const body = tipBody.parse({ receiverId, ...fields, ...paymentFieldsOf(choice) });
    sendTip.mutate(
      { body, idempotencyKey: idempotency.keyFor(body) },
      {
        onSuccess: (tip) => {
          idempotency.finishIntent();
          toast({ title: TIP_TEXTS.sent, description: `You sent ${formatCents(tip.amountCents)} to ${receiverName}.` });
          close();
        },
        onError: (error) => {
          toastFailure(error, undefined, TIP_TEXTS.failed);
        },
      },
    );
  };

  return (
    <Dialog open={isOpen} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent>
        <Form
          form={form}
          onSubmit={submit}
          pending={sendTip.isPending}
          className="space-y-4"
          aria-label={`Tip ${receiverName}`}
        >
          <DialogHeader>
            <DialogTitle>Send a tip</DialogTitle>
            <DialogDescription>Support {receiverName} with a tip.</DialogDescription>
          </DialogHeader>
          <div className="space-y-1.5">
            <FormField name="amount" label="Amount (USD)">
              {(field) => (
                <div className="relative">
                  <span className="absolute top-2 left-3 text-sm text-gray-500">$</span>
                  <Input
                    type="number"
                    inputMode="decimal"
                    min={TIP_MINIMUM_DOLLARS}
                    step="0.01"
                    placeholder={TIP_PLACEHOLDER}
                    className="pl-6"
                    {...field}
                  />
                </div>
              )}
            </FormField>
            <fieldset className="flex flex-wrap gap-2">
              <legend className="sr-only">Quick amounts</legend>
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
                    ${preset}
                  </Button>
                );
              })}
            </fieldset>
          </div>
          <FormField name="message" label="Message (optional)">
            {(field) => <Textarea maxLength={500} placeholder="Say something nice..." {...field} />}
          </FormField>
          <PaymentMethodFields
            value={payment}
            onChange={(next) => {
              form.setValue("payment", next, { shouldDirty: true });
              form.clearErrors("payment");
            }}
            isDisabled={sendTip.isPending}
          />
          {paymentProblem && (
            <p role="alert" className="text-sm text-red-600">
              {paymentProblem}
            </p>
          )}
          <CreatorReceivesNote amountCents={amountCents} creatorName={receiverName} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close}>
              Cancel
            </Button>
            <FormSubmit pendingLabel="Sending...">
              {amountCents ? `Send ${formatCents(amountCents)} tip` : "Send tip"}
            </FormSubmit>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
