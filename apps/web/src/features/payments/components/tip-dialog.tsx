import { TIP_MINIMUM_DOLLARS } from "@plaza/contracts/constants";
import { dollarsToCents, formatCents, TIP_TEXTS, tipBody } from "@plaza/contracts/payments";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
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
  const amountId = useId();
  const messageId = useId();
  const [amountText, setAmountText] = useState("");
  const [message, setMessage] = useState("");
  const [payment, setPayment] = useState<PaymentChoice>(EMPTY_PAYMENT_CHOICE);
  const [paymentProblem, setPaymentProblem] = useState<string | null>(null);
  const sendTip = useSendTip();
  const idempotency = useIdempotencyKey();
  const amount = amountText.trim() === "" ? Number.NaN : Number(amountText);
  const amountCents = Number.isFinite(amount) && amount > 0 ? dollarsToCents(amount) : null;

  const close = () => {
    setAmountText("");
    setMessage("");
    setPayment(EMPTY_PAYMENT_CHOICE);
    setPaymentProblem(null);
    onOpenChange(false);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = tipBody.safeParse({
      receiverId,
      amount,
      message: message.trim() === "" ? undefined : message,
      ...paymentFieldsOf(payment),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      if (!issue || issue.path[0] === "amount") {
        toast({
          title: TIP_TEXTS.invalidAmountTitle,
          description: issue?.message === TIP_TEXTS.invalidAmount ? "Please enter a valid tip amount." : issue?.message,
          variant: "destructive",
        });
        return;
      }
    }
    const problem = paymentChoiceProblem(payment);
    setPaymentProblem(problem);
    if (problem || !parsed.success) return;
    sendTip.mutate(
      { body: parsed.data, idempotencyKey: idempotency.keyFor(parsed.data) },
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
        <form onSubmit={submit} noValidate className="space-y-4" aria-label={`Tip ${receiverName}`}>
          <DialogHeader>
            <DialogTitle>Send a tip</DialogTitle>
            <DialogDescription>Support {receiverName} with a tip.</DialogDescription>
          </DialogHeader>
          <div className="space-y-1.5">
            <Label htmlFor={amountId}>Amount (USD)</Label>
            <div className="relative">
              <span className="absolute top-2 left-3 text-sm text-gray-500">$</span>
              <Input
                id={amountId}
                type="number"
                inputMode="decimal"
                min={TIP_MINIMUM_DOLLARS}
                step="0.01"
                placeholder={TIP_PLACEHOLDER}
                className="pl-6"
                value={amountText}
                onChange={(event) => setAmountText(event.target.value)}
              />
            </div>
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
                    onClick={() => setAmountText(preset.toFixed(2))}
                  >
                    ${preset}
                  </Button>
                );
              })}
            </fieldset>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={messageId}>Message (optional)</Label>
            <Textarea
              id={messageId}
              value={message}
              maxLength={500}
              placeholder="Say something nice..."
              onChange={(event) => setMessage(event.target.value)}
            />
          </div>
          <PaymentMethodFields value={payment} onChange={setPayment} isDisabled={sendTip.isPending} />
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
            <Button type="submit" disabled={sendTip.isPending}>
              {sendTip.isPending ? "Sending..." : amountCents ? `Send ${formatCents(amountCents)} tip` : "Send tip"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
