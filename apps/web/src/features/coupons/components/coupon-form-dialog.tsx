import {
  type CouponView,
  createCouponBody,
  type DiscountType,
  discountType,
  updateCouponBody,
} from "@plaza/contracts/coupons";
import { DISCOUNT_TYPES } from "@plaza/contracts/coupons.texts";
import { useMemo } from "react";
import { useWatch } from "react-hook-form";
import { defineMessage, defineMessages, useIntl } from "react-intl";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Form, FormField, FormSubmit, useZodForm } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { discountTypeMessages } from "./coupon-labels";

const messages = defineMessages({
  description: {
    id: "coupons.form.description",
    defaultMessage: "Customers redeem coupons after a verified check-in.",
  },
  title: { id: "coupons.form.title", defaultMessage: "Title" },
  descriptionLabel: { id: "coupons.form.descriptionLabel", defaultMessage: "Description" },
  discountType: { id: "coupons.form.discountType", defaultMessage: "Discount type" },
  valuePercent: { id: "coupons.form.valuePercent", defaultMessage: "Discount value (%)" },
  valueDollars: { id: "coupons.form.valueDollars", defaultMessage: "Discount value ($)" },
  maxRedemptions: { id: "coupons.form.maxRedemptions", defaultMessage: "Max redemptions" },
  unlimited: { id: "coupons.form.unlimited", defaultMessage: "Unlimited" },
  expires: { id: "coupons.form.expires", defaultMessage: "Expires" },
  code: { id: "coupons.form.code", defaultMessage: "Code (optional, generated when blank)" },
  perkFor: { id: "coupons.form.perkFor", defaultMessage: "Perk for subscribers of…" },
  everyone: { id: "coupons.form.everyone", defaultMessage: "Everyone (not a perk)" },
  subscribersOf: defineMessage<{ name: string }>({
    id: "coupons.form.subscribersOf",
    defaultMessage: "Subscribers of {name}",
  }),
  missingTitle: { id: "coupons.form.missingTitle", defaultMessage: "To save, add a title." },
  missingValue: { id: "coupons.form.missingValue", defaultMessage: "To save, add the discount value." },
  missingBoth: { id: "coupons.form.missingBoth", defaultMessage: "To save, add a title and the discount value." },
  cancel: { id: "coupons.form.cancel", defaultMessage: "Cancel" },
  saving: { id: "coupons.form.saving", defaultMessage: "Saving..." },
});

export interface CouponFormValues {
  title: string;
  description: string;
  code?: string;
  discountType: DiscountType;
  discountValue: number;
  maxRedemptions: number | null;
  expiresAt: string | null;
  /** Create only: makes the coupon a perk for this accepted partner's subscribers. */
  partnerCreatorId?: string | null;
}

/** An accepted partner creator the owner may offer a perk for (docs/PRODUCT.md "Partnerships"). */
export interface PerkPartnerOption {
  id: string;
  name: string;
}

/** The form as typed: numbers and the expiry stay text until sent. */
const couponFields = z.object({
  title: z.string(),
  description: z.string(),
  code: z.string(),
  discountType,
  discountValue: z.string(),
  maxRedemptions: z.string(),
  expiresAt: z.string(),
  partnerCreatorId: z.string(),
});
type CouponFields = z.infer<typeof couponFields>;

/**
 * The typed values as the API's: a free item sends 0, the value is a decimal, max redemptions an integer (blank =
 * unlimited), the expiry an ISO time or null; then checked by the contract's coupon rules (`updateCouponBody`, the
 * same rules creating uses) and the partner by `createCouponBody`'s own field.
 */
function couponSchema(offersPerk: boolean) {
  return couponFields
    .transform((values): CouponFormValues => {
      const maxRedemptions = values.maxRedemptions.trim() === "" ? null : Number.parseInt(values.maxRedemptions, 10);
      return {
        title: values.title.trim(),
        description: values.description.trim(),
        ...(values.code.trim() ? { code: values.code.trim() } : {}),
        discountType: values.discountType,
        discountValue: values.discountType === "freeItem" ? 0 : Number.parseFloat(values.discountValue),
        maxRedemptions: maxRedemptions !== null && Number.isFinite(maxRedemptions) ? maxRedemptions : null,
        expiresAt: values.expiresAt ? new Date(values.expiresAt).toISOString() : null,
        ...(offersPerk ? { partnerCreatorId: values.partnerCreatorId || null } : {}),
      };
    })
    .superRefine(({ partnerCreatorId, ...fields }, context) => {
      for (const issue of updateCouponBody.safeParse(fields).error?.issues ?? []) {
        context.addIssue({ code: "custom", message: issue.message, path: issue.path });
      }
      const partner = createCouponBody.shape.partnerCreatorId.safeParse(partnerCreatorId ?? null);
      for (const issue of partner.error?.issues ?? []) {
        context.addIssue({ code: "custom", message: issue.message, path: ["partnerCreatorId"] });
      }
    });
}

function initialValues(coupon: CouponView | null): CouponFields {
  return {
    title: coupon?.title ?? "",
    description: coupon?.description ?? "",
    code: coupon?.code ?? "",
    discountType: coupon?.discountType ?? "percentage",
    discountValue: coupon ? String(coupon.discountValue) : "",
    maxRedemptions: coupon?.maxRedemptions?.toString() ?? "",
    // <input type="datetime-local"> wants local time without a zone.
    expiresAt: coupon?.expiresAt ? toLocalInput(new Date(coupon.expiresAt)) : "",
    partnerCreatorId: "",
  };
}

function toLocalInput(date: Date): string {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/**
 * Create/edit coupon form (docs/PRODUCT.md §5): disabled without a title or a discount value, saying which is missing; a
 * free item has no value field (0 is sent); the value is parsed as a decimal, max redemptions as an integer (blank = unlimited), the expiry sent as an ISO time or null.
 */
export function CouponFormDialog({
  open,
  onOpenChange,
  coupon,
  title,
  submitLabel,
  isPending,
  onSubmit,
  partners,
}: {
  /** Create form: the accepted partners a perk may be for (the option is hidden without any). */
  partners?: PerkPartnerOption[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  coupon: CouponView | null;
  title: string;
  submitLabel: string;
  isPending: boolean;
  onSubmit: (values: CouponFormValues) => void;
}) {
  const intl = useIntl();
  const schema = useMemo(() => couponSchema(partners !== undefined), [partners]);
  const form = useZodForm(schema, { defaultValues: initialValues(coupon) });
  const [formTitle, type, valueText] = useWatch({
    control: form.control,
    name: ["title", "discountType", "discountValue"],
  });
  // A free item has no amount: the value field is not shown and 0 is sent.
  const isFreeItem = type === "freeItem";
  const discountValue = isFreeItem ? 0 : Number.parseFloat(valueText);
  const isMissingTitle = formTitle.trim() === "";
  const isMissingValue = !Number.isFinite(discountValue);
  const missing = isMissingTitle
    ? isMissingValue
      ? messages.missingBoth
      : messages.missingTitle
    : isMissingValue
      ? messages.missingValue
      : null;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) form.reset(initialValues(coupon));
        onOpenChange(next);
      }}
    >
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{intl.formatMessage(messages.description)}</DialogDescription>
        </DialogHeader>
        <Form form={form} onSubmit={onSubmit} pending={isPending} className="space-y-3">
          <FormField name="title" id="coupon-title" label={intl.formatMessage(messages.title)} className="space-y-1">
            {(field) => <Input {...field} />}
          </FormField>
          <FormField
            name="description"
            id="coupon-description"
            label={intl.formatMessage(messages.descriptionLabel)}
            className="space-y-1"
          >
            {(field) => <Textarea {...field} />}
          </FormField>
          <div className={isFreeItem ? "space-y-1" : "grid gap-3 sm:grid-cols-2"}>
            <FormField
              name="discountType"
              id="coupon-discount-type"
              label={intl.formatMessage(messages.discountType)}
              className="space-y-1"
            >
              {({ value, onChange, id }) => (
                <Select value={value} onValueChange={onChange}>
                  <SelectTrigger id={id} aria-label={intl.formatMessage(messages.discountType)}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {DISCOUNT_TYPES.map((option) => (
                      <SelectItem key={option} value={option}>
                        {intl.formatMessage(discountTypeMessages[option])}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            </FormField>
            {!isFreeItem && (
              <FormField
                name="discountValue"
                id="coupon-discount-value"
                label={intl.formatMessage(type === "percentage" ? messages.valuePercent : messages.valueDollars)}
                className="space-y-1"
              >
                {(field) => <Input type="number" step="0.01" min="0" {...field} />}
              </FormField>
            )}
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField
              name="maxRedemptions"
              id="coupon-max"
              label={intl.formatMessage(messages.maxRedemptions)}
              className="space-y-1"
            >
              {(field) => (
                <Input type="number" step="1" min="1" placeholder={intl.formatMessage(messages.unlimited)} {...field} />
              )}
            </FormField>
            <FormField
              name="expiresAt"
              id="coupon-expires"
              label={intl.formatMessage(messages.expires)}
              className="space-y-1"
            >
              {(field) => <Input type="datetime-local" {...field} />}
            </FormField>
          </div>
          <FormField name="code" id="coupon-code" label={intl.formatMessage(messages.code)} className="space-y-1">
            {(field) => <Input {...field} />}
          </FormField>
          {partners && partners.length > 0 && (
            <FormField
              name="partnerCreatorId"
              id="coupon-partner"
              label={intl.formatMessage(messages.perkFor)}
              className="space-y-1"
            >
              {(field) => (
                <select
                  className="h-11 w-full rounded-md border border-input bg-background px-3 text-sm md:h-10"
                  {...field}
                >
                  <option value="">{intl.formatMessage(messages.everyone)}</option>
                  {partners.map((partner) => (
                    <option key={partner.id} value={partner.id}>
                      {intl.formatMessage(messages.subscribersOf, { name: partner.name })}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          )}
          {missing && (
            // Says why the button is disabled instead of leaving the owner to guess.
            <p id="coupon-form-missing" className="text-sm text-gray-600">
              {intl.formatMessage(missing)}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {intl.formatMessage(messages.cancel)}
            </Button>
            <FormSubmit
              pendingLabel={intl.formatMessage(messages.saving)}
              disabled={missing !== null}
              aria-describedby={missing ? "coupon-form-missing" : undefined}
            >
              {submitLabel}
            </FormSubmit>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
