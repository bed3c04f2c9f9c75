import { discountText } from "@plaza/contracts/coupons.texts";
import { PARTNERSHIP_TEXTS } from "@plaza/contracts/partnerships.texts";
import { Label } from "@/components/ui/label";
import { useCreatorPerks } from "../api/partnerships";

/** The post composer's "Attach a perk" choice: the author's live perks (nothing when they have none). */
export function PerkPicker({
  creatorId,
  value,
  onChange,
}: {
  creatorId: string;
  value: string | null;
  onChange: (perkCouponId: string | null) => void;
}) {
  const perks = useCreatorPerks(creatorId);
  if (!perks.data || perks.data.length === 0) return null;
  return (
    <div className="space-y-1">
      <Label htmlFor="post-perk">{PARTNERSHIP_TEXTS.attachPerk}</Label>
      <select
        id="post-perk"
        className="h-10 w-full rounded-md border border-input bg-background px-3 text-sm"
        value={value ?? ""}
        onChange={(event) => onChange(event.target.value || null)}
      >
        <option value="">{PARTNERSHIP_TEXTS.noPerk}</option>
        {perks.data.map((perk) => (
          <option key={perk.id} value={perk.id}>
            {perk.businessName}: {discountText(perk)} ({perk.title})
          </option>
        ))}
      </select>
    </div>
  );
}
