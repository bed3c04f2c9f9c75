import { z } from "zod";

export * from "./payouts.texts";

/** GET /api/wallet/earnings-by-month: what reached the wallet each month, net of card fees and refunds. */
export const earningsByMonthView = z.object({
  currency: z.literal("USD"),
  /** Oldest first, every month present (0 when nothing came in); months are calendar months in UTC. */
  months: z.array(
    z.object({
      /** "2026-11" */
      month: z.string().regex(/^\d{4}-\d{2}$/),
      /** Net of processor fees; a month with more refunded than earned is negative. */
      cents: z.number().int(),
    }),
  ),
});
export type EarningsByMonthView = z.infer<typeof earningsByMonthView>;
