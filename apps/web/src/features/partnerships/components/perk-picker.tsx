import { discountText } from "@plaza/contracts/coupons.texts";
import { defineMessages, useIntl } from "react-intl";
import { Label } from "@/components/ui/label";
import { useText } from "@/i18n/texts";
import { useCreatorPerks } from "../api/partnerships";
import { PARTNERSHIP_MESSAGES } from "../lib/partnership-texts";

const phrases = defineMessages<{ option: { businessName: string; discount: string; title: string } }>({
  option: { id: "partnerships.perkPicker.option", defaultMessage: "{businessName}: {discount} ({title})" },
});

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
  const intl = useIntl();
  const text = useText();
  const perks = useCreatorPerks(creatorId);
  if (!perks.data || perks.data.length === 0) return null;
  return (
    <div className="space-y-1">
      <Label htmlFor="post-perk">{intl.formatMessage(PARTNERSHIP_MESSAGES.attachPerk)}</Label>
      <select
        id="post-perk"
        className="h-10 w-full rounded-md border border-input bg-background px-3 text-sm"
        value={value ?? ""}
        onChange={(event) => onChange(event.target.value || null)}
      >
        <option value="">{intl.formatMessage(PARTNERSHIP_MESSAGES.noPerk)}</option>
        {perks.data.map((perk) => (
          <option key={perk.id} value={perk.id}>
            {intl.formatMessage(phrases.option, {
              businessName: perk.businessName,
              discount: text(discountText(perk)),
              title: perk.title,
            })}
          </option>
        ))}
      </select>
    </div>
  );
}
