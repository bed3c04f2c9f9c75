import { Lock } from "lucide-react";
import { useState } from "react";
import { defineMessages, useIntl } from "react-intl";
import { Button } from "@/components/ui/button";
import { useMoney } from "../hooks/use-money";
import { PriceFeeNote } from "./price-fee-note";
import { type LockedPost, ppvPriceOf, UnlockDialog } from "./unlock-dialog";

const messages = defineMessages({
  payPerView: { id: "payments.lockedPost.payPerView", defaultMessage: "This is pay-per-view content." },
  subscribersOnly: { id: "payments.lockedPost.subscribersOnly", defaultMessage: "This post is for subscribers only." },
  subscribeToView: { id: "payments.lockedPost.subscribeToView", defaultMessage: "Subscribe to view" },
});

const phrases = defineMessages<{ unlockFor: { price: string } }>({
  unlockFor: { id: "payments.lockedPost.unlockFor", defaultMessage: "Unlock for {price}" },
});

/**
 * The post card's Unlock overlay (docs/PRODUCT.md §2, §7 "Locked content"): shown over a locked pay-per-view or
 * subscriber post; the page hides it from the post's author.
 */
export function LockedPostOverlay({ post }: { post: LockedPost }) {
  const intl = useIntl();
  const money = useMoney();
  const [isOpen, setIsOpen] = useState(false);
  const price = ppvPriceOf(post);
  const isPayPerView = post.postType === "ppv";
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed bg-gray-50 p-6 text-center">
      <Lock aria-hidden className="h-6 w-6 text-gray-500" />
      <p className="text-sm text-gray-700">
        {intl.formatMessage(isPayPerView ? messages.payPerView : messages.subscribersOnly)}
      </p>
      <Button type="button" onClick={() => setIsOpen(true)}>
        {isPayPerView
          ? intl.formatMessage(phrases.unlockFor, { price: price ? money.dollars(price) : "" })
          : intl.formatMessage(messages.subscribeToView)}
      </Button>
      {/* The price on the button comes with its fee line. */}
      {isPayPerView && <PriceFeeNote />}
      {isOpen && <UnlockDialog post={post} isOpen={isOpen} onOpenChange={setIsOpen} />}
    </div>
  );
}
