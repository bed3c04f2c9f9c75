import type { CouponStatus, DiscountType } from "@plaza/contracts/coupons.texts";
import { defineMessage, defineMessages, type IntlShape } from "react-intl";

/**
 * The coupon screens' labels that several of them show: the web's own messages for the contracts' COUPON_STATUS_LABELS,
 * DISCOUNT_TYPE_LABELS, discountText and the expiry line (the same English).
 */
export const statusMessages = defineMessages({
  active: { id: "coupons.status.active", defaultMessage: "Active" },
  expired: { id: "coupons.status.expired", defaultMessage: "Expired" },
  soldOut: { id: "coupons.status.soldOut", defaultMessage: "Sold Out" },
  inactive: { id: "coupons.status.inactive", defaultMessage: "Inactive" },
}) satisfies Record<CouponStatus, unknown>;

export const discountTypeMessages = defineMessages({
  percentage: { id: "coupons.discountType.percentage", defaultMessage: "Percentage off" },
  fixed: { id: "coupons.discountType.fixed", defaultMessage: "Fixed amount off" },
  freeItem: { id: "coupons.discountType.freeItem", defaultMessage: "Free item" },
}) satisfies Record<DiscountType, unknown>;

const messages = defineMessages({
  percentOff: defineMessage<{ value: number }>({ id: "coupons.discount.percentOff", defaultMessage: "{value}% off" }),
  amountOff: defineMessage<{ amount: string }>({ id: "coupons.discount.amountOff", defaultMessage: "{amount} off" }),
  freeItem: { id: "coupons.discount.freeItem", defaultMessage: "Free item" },
  noExpiry: { id: "coupons.expiry.none", defaultMessage: "No expiry" },
  expires: defineMessage<{ date: string }>({ id: "coupons.expiry.expires", defaultMessage: "Expires {date}" }),
  perkLabel: defineMessage<{ name: string }>({
    id: "coupons.perk.label",
    defaultMessage: "Perk for subscribers of {name}",
  }),
});

/** "20% off", "$5.00 off", "Free item": how a discount reads on cards (money in US dollars, in the locale's form). */
export function discountLabel(intl: IntlShape, coupon: { discountType: DiscountType; discountValue: number }): string {
  switch (coupon.discountType) {
    case "percentage":
      return intl.formatMessage(messages.percentOff, { value: coupon.discountValue });
    case "fixed":
      return intl.formatMessage(messages.amountOff, {
        amount: intl.formatNumber(coupon.discountValue, { style: "currency", currency: "USD" }),
      });
    case "freeItem":
      return intl.formatMessage(messages.freeItem);
  }
}

/**
 * "Expires 1/16/2027" in the viewer's language and this browser's time zone; `asRendered` in UTC, as a page rendered
 * on the server shows it until the browser has hydrated it.
 */
export function formatExpiry(intl: IntlShape, expiresAt: string | null, asRendered = false): string {
  if (!expiresAt) return intl.formatMessage(messages.noExpiry);
  const date = intl.formatDate(new Date(expiresAt), asRendered ? { timeZone: "UTC" } : {});
  return intl.formatMessage(messages.expires, { date });
}

/** "Perk for subscribers of Jess". */
export function perkLabel(intl: IntlShape, name: string): string {
  return intl.formatMessage(messages.perkLabel, { name });
}
