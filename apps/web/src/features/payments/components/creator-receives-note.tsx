import { creatorReceivesText } from "@plaza/contracts/payments.texts";
import { BadgeCheck } from "lucide-react";
import { useText } from "@/i18n/texts";
import { usePaymentsConfig } from "@/lib/app-config";

/**
 * The "no platform cut" statement of every payment dialog, to the payer, with the exact amount the creator receives
 * (with Stripe: less the card fee, which the creator's own Stripe account pays).
 */
export function CreatorReceivesNote({ amountCents, creatorName }: { amountCents: number | null; creatorName: string }) {
  const payments = usePaymentsConfig();
  const text = useText();
  return (
    <p
      className="flex items-start gap-2 rounded-md bg-emerald-50 p-2 text-sm text-emerald-800"
      data-testid="creator-receives"
    >
      <BadgeCheck aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
      {text(creatorReceivesText(amountCents, creatorName, payments?.provider === "stripe"))}
    </p>
  );
}
