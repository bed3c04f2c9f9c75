import { discountText } from "@plaza/contracts/coupons.texts";
import type { PerkView } from "@plaza/contracts/partnerships";
import { PARTNERSHIP_TEXTS, perkPitch } from "@plaza/contracts/partnerships.texts";
import { Gift } from "lucide-react";
import { Link } from "wouter";
import { useCreatorPerks } from "../api/partnerships";

/** "Subscribe to get 15% off at Ground Up Coffee": how a perk reads to a fan. */
export function perkLine(perk: PerkView): string {
  return perkPitch({ discountText: discountText(perk), businessName: perk.businessName });
}

/** The live perks on a creator's profile; nothing when there are none. */
export function CreatorPerks({ creatorId }: { creatorId: string }) {
  const perks = useCreatorPerks(creatorId);
  if (!perks.data || perks.data.length === 0) return null;
  return (
    <section
      aria-label={PARTNERSHIP_TEXTS.perksTitle}
      className="rounded-lg border bg-card p-4"
      data-testid="creator-perks"
    >
      <h2 className="mb-2 flex items-center gap-2 font-semibold">
        <Gift aria-hidden className="h-4 w-4" /> {PARTNERSHIP_TEXTS.perksTitle}
      </h2>
      <ul className="space-y-1 text-sm">
        {perks.data.map((perk) => (
          <li key={perk.id} className="break-words">
            {perkLine(perk)} ·{" "}
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
  const perks = useCreatorPerks(creatorId);
  return (perks.data ?? []).map(perkLine);
}
