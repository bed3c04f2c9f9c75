import {
  PERK_REPORT_WEEKS,
  type RedemptionWeeksView,
  shownPerkWeekCount,
  startOfUtcWeek,
} from "@plaza/contracts/coupons";
import type { AppContext } from "../../app-context";
import type { CouponRow } from "../../db/schema/coupons";
import { countRedemptionsPerWeek } from "./perk-weeks.repository";

/*
 * A perk's redeemers are all paying subscribers of its partner creator, and its business sees who checked in, by
 * name and minute. So whatever the business learns of a perk's redemptions is counted per completed week (Monday
 * to Monday, UTC), and a week's number is shown only from 5 on: a week of fewer (zero included) says nothing, the
 * running week is never counted, and no number changes at the moment somebody redeems
 * (docs/decisions/0006-check-ins-coupons-perks.md).
 */

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Each perk's redemptions as the coupon view carries them (`currentRedemptions`): the sum of its completed weeks
 * that had at least 5. One query for the page; plain coupons are not in the map (their count is exact).
 */
export async function countShownPerkRedemptions(
  context: AppContext,
  coupons: Pick<CouponRow, "id" | "partnerCreatorId">[],
): Promise<Map<string, number>> {
  const perkIds = coupons.flatMap((coupon) => (coupon.partnerCreatorId ? [coupon.id] : []));
  const weeks = await countRedemptionsPerWeek(context.db, perkIds, {
    from: new Date(0),
    before: startOfUtcWeek(context.clock.now()),
  });
  const shown = new Map(perkIds.map((id) => [id, 0]));
  for (const week of weeks) {
    shown.set(week.couponId, (shown.get(week.couponId) ?? 0) + (shownPerkWeekCount(week.redemptions) ?? 0));
  }
  return shown;
}

/**
 * The coupon's last PERK_REPORT_WEEKS completed weeks, newest first, each with its count from 5 on, else null. The
 * list is the same length whatever happened, so its shape tells nothing either.
 */
export async function readRedemptionWeeks(
  context: AppContext,
  coupon: Pick<CouponRow, "id">,
): Promise<RedemptionWeeksView> {
  const before = startOfUtcWeek(context.clock.now());
  const from = new Date(before.getTime() - PERK_REPORT_WEEKS * WEEK_MS);
  const rows = await countRedemptionsPerWeek(context.db, [coupon.id], { from, before });
  const byWeek = new Map(rows.map((row) => [row.weekStart.getTime(), row.redemptions]));
  return Array.from({ length: PERK_REPORT_WEEKS }, (_, index) => {
    const weekStart = new Date(before.getTime() - (index + 1) * WEEK_MS);
    return {
      weekStart: weekStart.toISOString().slice(0, 10),
      redemptions: shownPerkWeekCount(byWeek.get(weekStart.getTime()) ?? 0),
    };
  });
}
