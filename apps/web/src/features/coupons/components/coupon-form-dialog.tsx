import { type CouponView, DISCOUNT_TYPE_LABELS, DISCOUNT_TYPES, type DiscountType } from "@plaza/contracts/coupons";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
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

function initialValues(coupon: CouponView | null) {
  return {
    title: coupon?.title ?? "",
    description: coupon?.description ?? "",
    code: coupon?.code ?? "",
    discountType: coupon?.discountType ?? ("percentage" as DiscountType),
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
  const [values, setValues] = useState(() => initialValues(coupon));
  const set = <Key extends keyof typeof values>(key: Key, value: (typeof values)[Key]) =>
    setValues((current) => ({ ...current, [key]: value }));
  // A free item has no amount: the value field is not shown and 0 is sent.
  const isFreeItem = values.discountType === "freeItem";
  const discountValue = isFreeItem ? 0 : Number.parseFloat(values.discountValue);
  const maxRedemptions = values.maxRedemptions.trim() === "" ? null : Number.parseInt(values.maxRedemptions, 10);
  const missing = [
    values.title.trim() === "" ? "a title" : null,
    Number.isFinite(discountValue) ? null : "the discount value",
  ].filter((part) => part !== null);
  const canSubmit = missing.length === 0 && !isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit) return;
    onSubmit({
      title: values.title.trim(),
      description: values.description.trim(),
      ...(values.code.trim() ? { code: values.code.trim() } : {}),
      discountType: values.discountType,
      discountValue,
      maxRedemptions: maxRedemptions !== null && Number.isFinite(maxRedemptions) ? maxRedemptions : null,
      expiresAt: values.expiresAt ? new Date(values.expiresAt).toISOString() : null,
      ...(partners ? { partnerCreatorId: values.partnerCreatorId || null } : {}),
    });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) setValues(initialValues(coupon));
        onOpenChange(next);
      }}
    >
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>Customers redeem coupons after a verified check-in.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="space-y-3">
          <div className="space-y-1">
            <Label htmlFor="coupon-title">Title</Label>
            <Input id="coupon-title" value={values.title} onChange={(event) => set("title", event.target.value)} />
          </div>
          <div className="space-y-1">
            <Label htmlFor="coupon-description">Description</Label>
            <Textarea
              id="coupon-description"
              value={values.description}
              onChange={(event) => set("description", event.target.value)}
            />
          </div>
          <div className={isFreeItem ? "space-y-1" : "grid gap-3 sm:grid-cols-2"}>
            <div className="space-y-1">
              <Label htmlFor="coupon-discount-type">Discount type</Label>
              <Select value={values.discountType} onValueChange={(value) => set("discountType", value as DiscountType)}>
                <SelectTrigger id="coupon-discount-type" aria-label="Discount type">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {DISCOUNT_TYPES.map((type) => (
                    <SelectItem key={type} value={type}>
                      {DISCOUNT_TYPE_LABELS[type]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            {!isFreeItem && (
              <div className="space-y-1">
                <Label htmlFor="coupon-discount-value">
                  {values.discountType === "percentage" ? "Discount value (%)" : "Discount value ($)"}
                </Label>
                <Input
                  id="coupon-discount-value"
                  type="number"
                  step="0.01"
                  min="0"
                  value={values.discountValue}
                  onChange={(event) => set("discountValue", event.target.value)}
                />
              </div>
            )}
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="space-y-1">
              <Label htmlFor="coupon-max">Max redemptions</Label>
              <Input
                id="coupon-max"
                type="number"
                step="1"
                min="1"
                placeholder="Unlimited"
                value={values.maxRedemptions}
                onChange={(event) => set("maxRedemptions", event.target.value)}
              />
            </div>
            <div className="space-y-1">
              <Label htmlFor="coupon-expires">Expires</Label>
              <Input
                id="coupon-expires"
                type="datetime-local"
                value={values.expiresAt}
                onChange={(event) => set("expiresAt", event.target.value)}
              />
            </div>
          </div>
          <div className="space-y-1">
            <Label htmlFor="coupon-code">Code (optional, generated when blank)</Label>
            <Input id="coupon-code" value={values.code} onChange={(event) => set("code", event.target.value)} />
          </div>
          {partners && partners.length > 0 && (
            <div className="space-y-1">
              <Label htmlFor="coupon-partner">Perk for subscribers of…</Label>
              <select
                id="coupon-partner"
                className="h-10 w-full rounded-md border border-input bg-background px-3 text-sm"
                value={values.partnerCreatorId}
                onChange={(event) => set("partnerCreatorId", event.target.value)}
              >
                <option value="">Everyone (not a perk)</option>
                {partners.map((partner) => (
                  <option key={partner.id} value={partner.id}>
                    Subscribers of {partner.name}
                  </option>
                ))}
              </select>
            </div>
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
            <Button
              type="submit"
              disabled={!canSubmit}
              aria-describedby={missing.length > 0 ? "coupon-form-missing" : undefined}
            >
              {isPending ? "Saving..." : submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
