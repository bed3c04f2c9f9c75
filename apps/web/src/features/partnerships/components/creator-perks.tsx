import { discountText } from "@plaza/contracts/coupons.texts";
import type { PerkView } from "@plaza/contracts/partnerships";
import { Gift } from "lucide-react";
import { defineMessages, type IntlShape, useIntl } from "react-intl";
import { Link } from "wouter";
import { useText } from "@/i18n/texts";
import { useCreatorPerks } from "../api/partnerships";
import { PARTNERSHIP_MESSAGES } from "../lib/partnership-texts";

const phrases = defineMessages<{ pitch: { discount: string; businessName: string } }>({
  pitch: { id: "partnerships.perks.pitch", defaultMessage: "Subscribe to get {discount} at {businessName}" },
});

/**
 * "Subscribe to get 15% off at Ground Up Coffee": how a perk reads to a fan (`text`: the component's useText(), for
 * the contract's discount text).
 */
export function perkLine(intl: IntlShape, text: (english: string) => string, perk: PerkView): string {
  return intl.formatMessage(phrases.pitch, { discount: text(discountText(perk)), businessName: perk.businessName });
}

/** The live perks on a creator's profile; nothing when there are none. */
export function CreatorPerks({ creatorId }: { creatorId: string }) {
  const intl = useIntl();
  const text = useText();
  const perks = useCreatorPerks(creatorId);
  if (!perks.data || perks.data.length === 0) return null;
  const title = intl.formatMessage(PARTNERSHIP_MESSAGES.perksTitle);
  return (
    <section aria-label={title} className="rounded-lg border bg-card p-4" data-testid="creator-perks">
      <h2 className="mb-2 flex items-center gap-2 font-semibold">
        <Gift aria-hidden className="h-4 w-4" /> {title}
      </h2>
      <ul className="space-y-1 text-sm">
        {perks.data.map((perk) => (
          <li key={perk.id} className="break-words">
            {perkLine(intl, text, perk)} ·{" "}
            <Link href={`/business/${perk.businessId}`} className="underline">
              {perk.title}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The perk lines of a creator, for the subscribe dialog. */
export function useCreatorPerkLines(creatorId: string): string[] {
  const intl = useIntl();
  const text = useText();
  const perks = useCreatorPerks(creatorId);
  return (perks.data ?? []).map((perk) => perkLine(intl, text, perk));
}
