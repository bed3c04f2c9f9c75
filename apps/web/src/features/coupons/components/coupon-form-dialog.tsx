import {
  type CouponView,
  createCouponBody,
  type DiscountType,
  discountType,
  updateCouponBody,
} from "@plaza/contracts/coupons";
import { DISCOUNT_TYPE_LABELS, DISCOUNT_TYPES } from "@plaza/contracts/coupons.texts";
import { useMemo } from "react";
import { useWatch } from "react-hook-form";
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
  const schema = useMemo(() => couponSchema(partners !== undefined), [partners]);
  const form = useZodForm(schema, { defaultValues: initialValues(coupon) });
  const [formTitle, type, valueText] = useWatch({
    control: form.control,
    name: ["title", "discountType", "discountValue"],
  });
  // A free item has no amount: the value field is not shown and 0 is sent.
  const isFreeItem = type === "freeItem";
  const discountValue = isFreeItem ? 0 : Number.parseFloat(valueText);
  const missing = [
    formTitle.trim() === "" ? "a title" : null,
    Number.isFinite(discountValue) ? null : "the discount value",
  ].filter((part) => part !== null);

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
          <DialogDescription>Customers redeem coupons after a verified check-in.</DialogDescription>
        </DialogHeader>
        <Form form={form} onSubmit={onSubmit} pending={isPending} className="space-y-3">
          <FormField name="title" id="coupon-title" label="Title" className="space-y-1">
            {(field) => <Input {...field} />}
          </FormField>
          <FormField name="description" id="coupon-description" label="Description" className="space-y-1">
            {(field) => <Textarea {...field} />}
          </FormField>
          <div className={isFreeItem ? "space-y-1" : "grid gap-3 sm:grid-cols-2"}>
            <FormField name="discountType" id="coupon-discount-type" label="Discount type" className="space-y-1">
              {({ value, onChange, id }) => (
                <Select value={value} onValueChange={onChange}>
                  <SelectTrigger id={id} aria-label="Discount type">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {DISCOUNT_TYPES.map((option) => (
                      <SelectItem key={option} value={option}>
                        {DISCOUNT_TYPE_LABELS[option]}
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
                label={type === "percentage" ? "Discount value (%)" : "Discount value ($)"}
                className="space-y-1"
              >
                {(field) => <Input type="number" step="0.01" min="0" {...field} />}
              </FormField>
            )}
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField name="maxRedemptions" id="coupon-max" label="Max redemptions" className="space-y-1">
              {(field) => <Input type="number" step="1" min="1" placeholder="Unlimited" {...field} />}
            </FormField>
            <FormField name="expiresAt" id="coupon-expires" label="Expires" className="space-y-1">
              {(field) => <Input type="datetime-local" {...field} />}
            </FormField>
          </div>
          <FormField name="code" id="coupon-code" label="Code (optional, generated when blank)" className="space-y-1">
            {(field) => <Input {...field} />}
          </FormField>
          {partners && partners.length > 0 && (
            <FormField
              name="partnerCreatorId"
              id="coupon-partner"
              label="Perk for subscribers of…"
              className="space-y-1"
            >
              {(field) => (
                <select
                  className="h-11 w-full rounded-md border border-input bg-background px-3 text-sm md:h-10"
                  {...field}
                >
                  <option value="">Everyone (not a perk)</option>
                  {partners.map((partner) => (
                    <option key={partner.id} value={partner.id}>
                      Subscribers of {partner.name}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          )}
          {missing.length > 0 && (
            // Says why the button is disabled instead of leaving the owner to guess.
            <p id="coupon-form-missing" className="text-sm text-gray-600">
              To save, add {missing.join(" and ")}.
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <FormSubmit
              pendingLabel="Saving..."
              disabled={missing.length > 0}
              aria-describedby={missing.length > 0 ? "coupon-form-missing" : undefined}
            >
              {submitLabel}
            </FormSubmit>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
