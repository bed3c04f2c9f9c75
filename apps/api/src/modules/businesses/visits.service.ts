import { CHECKIN_COOLDOWN_MS } from "@plaza/contracts/checkins";
import type { Transaction } from "../../db/client";
import { addCheckinToCounters, findLatestCheckinSince, insertCheckin, lockBusiness } from "./businesses.repository";

/**
 * Records a visit verified by someone other than the visitor's phone: an event's host admitting a ticket at the door
 * of an event placed at the business (CONTRACT.md "Fourth round" → "Events": "An admission counts as a verified visit
 * of the event's business"). It is stored as a check-in at distance 0 (a check-in keeps no position), inside the caller's
 * transaction, so everything that asks for a verified visit (coupons that need one in the last 24 hours, the
 * business's check-in counters and analytics) takes it like one made on site with the visit code. The check-in
 * rules still hold: none for the business's owner, none without a position, at most one per hour. Answers whether a
 * visit was recorded.
 */
export async function recordVerifiedVisit(
  tx: Transaction,
  visit: { businessId: string; userId: string; now: Date },
): Promise<boolean> {
  const { businessId, userId, now } = visit;
  const business = await lockBusiness(tx, businessId);
  if (!business || business.ownerId === userId || business.latitude === null || business.longitude === null) {
    return false;
  }
  if (await findLatestCheckinSince(tx, userId, business.id, new Date(now.getTime() - CHECKIN_COOLDOWN_MS))) {
    return false;
  }
  await insertCheckin(tx, {
    userId,
    businessId: business.id,
    rating: null,
    review: null,
    distanceMeters: 0,
    checkedInAt: now,
  });
  await addCheckinToCounters(tx, business.id, null);
  return true;
}
