import { priceFeeText } from "@plaza/contracts/payments.texts";
import { useText } from "@/i18n/texts";
import { usePaymentsConfig } from "@/lib/app-config";
import { cn } from "@/lib/cn";

/**
 * The fee line beside a price (the Subscribe button, an Unlock button, /pay/{id}, the creator's price form): no
 * platform fee, and with Stripe that card fees are deducted. Nothing until the server said how it takes payments,
 * so it never shows the wrong one first.
 */
export function PriceFeeNote({ id, className }: { id?: string; className?: string }) {
  const payments = usePaymentsConfig();
  const text = useText();
  if (!payments) return null;
  return (
    <p id={id} className={cn("text-xs text-gray-500", className)} data-testid="price-fee">
      {text(priceFeeText(payments.provider === "stripe"))}
    </p>
  );
}
