import { dollarsToCents, formatCents } from "@plaza/contracts/payments.texts";
import { Lock } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { PriceFeeNote } from "./price-fee-note";
import { type LockedPost, ppvPriceOf, UnlockDialog } from "./unlock-dialog";

/**
 * The post card's Unlock overlay (docs/PRODUCT.md §2, §7 "Locked content"): shown over a locked pay-per-view or
 * subscriber post; the page hides it from the post's author.
 */
export function LockedPostOverlay({ post }: { post: LockedPost }) {
  const [isOpen, setIsOpen] = useState(false);
  const price = ppvPriceOf(post);
  const isPayPerView = post.postType === "ppv";
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed bg-gray-50 p-6 text-center">
      <Lock aria-hidden className="h-6 w-6 text-gray-500" />
      <p className="text-sm text-gray-700">
        {isPayPerView ? "This is pay-per-view content." : "This post is for subscribers only."}
      </p>
      <Button type="button" onClick={() => setIsOpen(true)}>
        {isPayPerView ? `Unlock for ${price ? formatCents(dollarsToCents(price)) : ""}` : "Subscribe to view"}
      </Button>
      {/* The price on the button comes with its fee line. */}
      {isPayPerView && <PriceFeeNote />}
      {isOpen && <UnlockDialog post={post} isOpen={isOpen} onOpenChange={setIsOpen} />}
    </div>
  );
}
