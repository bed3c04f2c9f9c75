import { priceFeeText } from "@plaza/contracts/payments.texts";
import type { ReactNode } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { defineMessages, useIntl } from "react-intl";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { useText } from "@/i18n/texts";
import { usePaymentsConfig } from "@/lib/app-config";
import { ACCESS_LABELS, type AccessChoice } from "./post-location-fields";

const messages = defineMessages({
  legend: { id: "posts.access.legend", defaultMessage: "Who can see it" },
  price: { id: "posts.access.price", defaultMessage: "Price (USD)" },
});

/** The part of a post form these fields own: who can see the post, and the pay-per-view price as typed. */
interface AccessValues {
  access: AccessChoice;
  price: string;
}

/**
 * "Who can see it" and, for pay-per-view, the price (docs/PRODUCT.md "Social"); shared by the composer and the Edit
 * dialog. `disabled` with a `note` shows them locked with the reason (someone already paid).
 */
export function PostAccessFields({
  priceId,
  pricePlaceholder,
  disabled = false,
  note,
  noteId,
}: {
  priceId: string;
  pricePlaceholder?: string;
  disabled?: boolean;
  note?: ReactNode;
  noteId?: string;
}) {
  const intl = useIntl();
  const text = useText();
  const { control, setValue, clearErrors } = useFormContext<AccessValues>();
  const access = useWatch({ control, name: "access" });
  const payments = usePaymentsConfig();
  return (
    <fieldset className="space-y-1.5" disabled={disabled} aria-describedby={noteId}>
      <legend className="text-sm font-medium">{intl.formatMessage(messages.legend)}</legend>
      <div className="flex flex-wrap gap-2">
        {(Object.keys(ACCESS_LABELS) as AccessChoice[]).map((choice) => (
          <Button
            key={choice}
            type="button"
            size="sm"
            variant={access === choice ? "default" : "outline"}
            aria-pressed={access === choice}
            onClick={() => {
              setValue("access", choice, { shouldDirty: true });
              clearErrors("price");
            }}
          >
            {intl.formatMessage(ACCESS_LABELS[choice])}
          </Button>
        ))}
      </div>
      {access === "ppv" && (
        <FormField name="price" id={priceId} label={intl.formatMessage(messages.price)} className="space-y-1">
          {(field) => (
            <Input type="number" min={0} step={0.01} inputMode="decimal" placeholder={pricePlaceholder} {...field} />
          )}
        </FormField>
      )}
      {/* The price a creator sets comes with the fee line every price has (the payments feature's PriceFeeNote). */}
      {access === "ppv" && payments && (
        <p className="text-xs text-gray-500" data-testid="price-fee">
          {text(priceFeeText(payments.provider === "stripe"))}
        </p>
      )}
      {note}
    </fieldset>
  );
}
