import { Star } from "lucide-react";
import { useState } from "react";
import { defineMessages, useIntl } from "react-intl";
import { Button } from "@/components/ui/button";
import { useSubscriptionStatus } from "../api/get-subscription-status";
import { useMoney } from "../hooks/use-money";
import { PriceFeeNote } from "./price-fee-note";
import { UnlockDialog } from "./unlock-dialog";

const messages = defineMessages({
  subscribed: { id: "payments.subscribeButton.subscribed", defaultMessage: "Subscribed" },
});

const phrases = defineMessages<{ subscribe: { price: string } }>({
  subscribe: { id: "payments.subscribeButton.subscribe", defaultMessage: "Subscribe · {price}/mo" },
});

/**
 * A creator profile's Subscribe button: the creator's real monthly price, or "Subscribed" while a paid period runs.
 * Signed-out visitors do not see it (the page decides). The fee line sits under the price, as on every price.
 */
export function SubscribeButton({
  creatorId,
  creatorName,
  perks = [],
}: {
  creatorId: string;
  creatorName: string;
  /** What subscribing also gets ("Subscribe to get 15% off at Ground Up Coffee"), named in the dialog. */
  perks?: string[];
}) {
  const intl = useIntl();
  const money = useMoney();
  const [isOpen, setIsOpen] = useState(false);
  const status = useSubscriptionStatus(creatorId);
  if (!status.data) return null;
  if (status.data.isSubscribed) {
    return (
      <Button type="button" variant="outline" disabled>
        <Star aria-hidden className="fill-current" /> {intl.formatMessage(messages.subscribed)}
      </Button>
    );
  }
  return (
    <div className="flex flex-col items-start gap-0.5">
      <Button type="button" onClick={() => setIsOpen(true)} aria-describedby={`subscribe-fee-${creatorId}`}>
        <Star aria-hidden /> {intl.formatMessage(phrases.subscribe, { price: money.cents(status.data.priceCents) })}
      </Button>
      <PriceFeeNote id={`subscribe-fee-${creatorId}`} className="text-[11px] leading-tight" />
      {isOpen && (
        <UnlockDialog
          // The dialog's subscription branch needs only the creator of a subscriber post.
          post={{ id: creatorId, authorId: creatorId, authorName: creatorName, postType: "subscriber", price: null }}
          isOpen={isOpen}
          onOpenChange={setIsOpen}
          perks={perks}
        />
      )}
    </div>
  );
}
