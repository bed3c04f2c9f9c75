import { and, gte, inArray, lt, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { couponRedemptions } from "../../db/schema/coupons";

/** The Monday 00:00 UTC of a redemption's week, as the database computes it. */
const redemptionWeek = sql<Date>`date_trunc('week', ${couponRedemptions.redeemedAt}, 'UTC')`;

/**
 * Redemptions per coupon and completed week (`from` ≤ week < `before`, both Mondays 00:00 UTC), for the perk
 * reports: one query for a page of coupons. Weeks without redemptions have no row.
 */
export async function countRedemptionsPerWeek(
  db: Executor,
  couponIds: string[],
  { from, before }: { from: Date; before: Date },
): Promise<{ couponId: string; weekStart: Date; redemptions: number }[]> {
  if (couponIds.length === 0) return [];
  const rows = await db
    .select({
      couponId: couponRedemptions.couponId,
      weekStart: redemptionWeek,
      redemptions: sql<number>`count(*)::int`,
    })
    .from(couponRedemptions)
    .where(
      and(
        inArray(couponRedemptions.couponId, couponIds),
        gte(couponRedemptions.redeemedAt, from),
        lt(couponRedemptions.redeemedAt, before),
      ),
    )
    .groupBy(couponRedemptions.couponId, redemptionWeek);
  return rows.map((row) => ({ ...row, weekStart: new Date(row.weekStart) }));
}
