import { z } from "zod";

export const PAYMENT_METHODS = ["card", "paypal", "apple"] as const;
export const paymentMethod = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof paymentMethod>;
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  card: "Card",
  paypal: "PayPal",
  apple: "Apple Pay",
};

export const TIP_TEXTS = {
  invalidAmount: "Invalid amount: Please enter a valid tip amount.",
  invalidAmountTitle: "Invalid amount",
  sent: "Tip sent!",
  failed: "Failed to send tip. Please try again.",
} as const;

/** Dollars as typed → integer cents; money never travels as a float past this point. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}
export function formatCents(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

const tipAmount = z
  .number(TIP_TEXTS.invalidAmount)
  .refine((value) => Number.isFinite(value) && value > 0, TIP_TEXTS.invalidAmount)
  .refine((value) => value <= 10_000, "Tips are limited to $10,000")
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, "Amounts have at most 2 decimals");

/** POST /api/tips (seed-spec §5 "Tip"). */
export const tipBody = z.object({
  receiverId: z.uuid("Invalid receiver"),
  amount: tipAmount,
  message: z.string().trim().max(500, "Message too long").optional(),
  paymentMethod: paymentMethod.default("card"),
  cardLast4: z
    .string()
    .regex(/^\d{4}$/)
    .optional(),
});
export type TipBody = z.infer<typeof tipBody>;

/** POST /api/ppv-unlocks: `amount` must equal the post's own price. */
export const ppvUnlockBody = z.object({
  postId: z.uuid("Invalid post id"),
  amount: z.number("Invalid amount").positive("Invalid amount"),
  paymentMethod: paymentMethod.default("card"),
  cardLast4: z
    .string()
    .regex(/^\d{4}$/)
    .optional(),
});
