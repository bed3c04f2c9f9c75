import { discountText } from "@plaza/contracts/coupons.texts";
import type { PostView } from "@plaza/contracts/posts";
import { Gift } from "lucide-react";
import { defineMessages, useIntl } from "react-intl";
import { Link } from "wouter";
import { useText } from "@/i18n/texts";

const phrases = defineMessages<{
  offer: { discount: string; business: string };
  forSubscribers: { title: string; author: string };
}>({
  offer: { id: "posts.perk.offer", defaultMessage: "{discount} at {business}" },
  forSubscribers: { id: "posts.perk.forSubscribers", defaultMessage: "{title} · for subscribers of {author}" },
});

/** A partner perk attached to a post (docs/PRODUCT.md "Partnerships"): the business and the offer, for subscribers. */
export function PerkCard({ perk, authorName }: { perk: NonNullable<PostView["perk"]>; authorName: string }) {
  const intl = useIntl();
  const text = useText();
  return (
    <Link
      href={`/business/${perk.businessId}`}
      className="mt-3 flex items-center gap-3 rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm hover:bg-brand-100"
      data-testid="perk-card"
    >
      <Gift aria-hidden className="h-5 w-5 shrink-0 text-brand-700" />
      <span className="min-w-0">
        <span className="block font-semibold break-words">
          {intl.formatMessage(phrases.offer, { discount: text(discountText(perk)), business: perk.businessName })}
        </span>
        <span className="block text-gray-600 break-words">
          {intl.formatMessage(phrases.forSubscribers, { title: perk.title, author: authorName })}
        </span>
      </span>
    </Link>
  );
}
