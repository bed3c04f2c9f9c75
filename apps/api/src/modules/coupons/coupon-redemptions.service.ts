import { randomInt } from "node:crypto";
import { BUSINESS_MESSAGES } from "@plaza/contracts/businesses";
import {
  COUPON_MESSAGES,
  type CouponView,
  REDEEM_CHECKIN_WINDOW_MS,
  type RedeemBlock,
  type RedemptionView,
  redeemBlock,
  redeemBlockMessage,
  redemptionState,
} from "@plaza/contracts/coupons";
import type { PageQuery } from "@plaza/contracts/pagination";
import { displayName } from "@plaza/contracts/users";
import type { AppContext } from "../../app-context";
import type { CouponRedemptionRow, CouponRow } from "../../db/schema/coupons";
import { type AppError, conflict, forbidden, notFound } from "../../lib/app-error";
import { decodeCursor, mapPage, type Page } from "../../lib/cursor";
import { inTransaction } from "../../lib/unit-of-work";
import { canViewBusiness } from "../businesses/businesses.policy";
import { findBusinessById } from "../businesses/businesses.repository";
import { notify } from "../notifications/notifications.service";
import type { SessionUser } from "../users/viewer";
import { presentCoupon, presentCouponFields, presentRedemption } from "./coupons.presenter";
import {
  claimRedemption,
  findCouponForRedemption,
  findRedeemFacts,
  insertRedemption,
  listActiveCoupons,
  listCouponsOfBusiness,
  listRedemptionsOfUser,
} from "./coupons.repository";
import { countShownPerkRedemptions } from "./perk-weeks.service";

/**
 * Coupons as customers meet them: the coupons a viewer may redeem (with the reason when not), redeeming one for a
 * personal code, and the viewer's redemptions. The owner's side is in coupons.service.ts.
 */

/** Thrown inside the redemption transaction to roll it back when the conditional UPDATE took nothing. */
class CouponNotClaimed extends Error {}

/** Letters and digits that cannot be confused with each other when read aloud at a till. */
const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

export function randomCode(length: number): string {
  return Array.from({ length }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join("");
}

function isUniqueViolation(error: unknown): boolean {
  const candidate = error as { code?: unknown; cause?: { code?: unknown } };
  return candidate.code === "23505" || candidate.cause?.code === "23505";
}

export async function getCouponsBusiness(context: AppContext, viewer: SessionUser, businessId: string) {
  const business = await findBusinessById(context.db, businessId);
  if (!business || !canViewBusiness(viewer, business)) throw notFound(BUSINESS_MESSAGES.businessNotFound);
  return business;
}

/**
 * Redeems a coupon for the viewer and returns their personal one-time code. Needs a verified check-in at the
 * business in the last 24 hours (403); one per user (409, backed by a unique index); the stock is taken by one
 * conditional UPDATE in the same transaction as the redemption row, so it never passes maxRedemptions or
 * expiresAt, even under concurrent requests. The owner is notified.
 */
export async function redeemCoupon(
  context: AppContext,
  viewer: SessionUser,
  couponId: string,
): Promise<CouponRedemptionRow> {
  const now = context.clock.now();
  const found = await findCouponForRedemption(context.db, {
    couponId,
    userId: viewer.id,
    since: new Date(now.getTime() - REDEEM_CHECKIN_WINDOW_MS),
    now,
  });
  if (!found || !canViewBusiness(viewer, found.business)) throw notFound(COUPON_MESSAGES.couponNotFound);
  const { coupon, business, checkinId } = found;
  const partnerName = found.partner ? displayName(found.partner) : null;
  const perkFacts = (row: typeof found) =>
    row.coupon.partnerCreatorId ? { isLive: row.perkIsLive, isSubscribed: row.isSubscribed } : null;
  const block = redeemBlock(
    presentCouponFields(coupon),
    { hasRedeemed: found.hasRedeemed, hasRecentCheckIn: !!checkinId },
    now,
    perkFacts(found),
  );
  if (block || !checkinId) throw redeemError(block ?? "checkInRequired", partnerName);
  let redemption: CouponRedemptionRow | null = null;
  try {
    redemption = await inTransaction(context, async (tx, effects) => {
      // The rows go in first and the coupon row is locked last, so the lock is held only for the UPDATE and the
      // commit: concurrent redemptions queue on it for as short a time as possible.
      const inserted = await insertRedemption(tx, {
        couponId: coupon.id,
        userId: viewer.id,
        checkinId,
        code: `${randomCode(4)}-${randomCode(6)}`,
        redeemedAt: now,
      });
      // A perk's redeemer is a subscriber of the partner creator: the business is not told who, nor when (a notice's
      // moment beside the named check-ins would tell); it sees the perk's redemptions by day (PRODUCT.md).
      if (!coupon.partnerCreatorId) {
        await notify(tx, effects, {
          userId: business.ownerId,
          type: "coupon_redeemed",
          actorId: viewer.id,
          entityType: "coupon",
          entityId: coupon.id,
          data: { couponTitle: coupon.title, businessId: business.id },
        });
      }
      if ((await claimRedemption(tx, coupon.id, now, viewer.id)) === undefined) throw new CouponNotClaimed();
      return inserted;
    });
  } catch (error) {
    // A parallel request of the same user won the unique (coupon, user) index; this transaction rolled back.
    if (isUniqueViolation(error)) throw conflict(COUPON_MESSAGES.alreadyRedeemed, "ALREADY_REDEEMED");
    if (!(error instanceof CouponNotClaimed)) throw error;
  }
  if (redemption) return redemption;
  // The UPDATE matched no row: say why from the coupon (and a perk's partnership and subscription) as they are now.
  const current =
    (await findCouponForRedemption(context.db, {
      couponId: coupon.id,
      userId: viewer.id,
      since: new Date(now.getTime() - REDEEM_CHECKIN_WINDOW_MS),
      now,
    })) ?? found;
  throw redeemError(
    redeemBlock(
      presentCouponFields(current.coupon),
      { hasRedeemed: false, hasRecentCheckIn: true },
      now,
      perkFacts(current),
    ) ?? "soldOut",
    partnerName,
  );
}

/**
 * The answer to a redemption the rule refuses: 409 for the coupon's state, 403 without a recent check-in or, for a
 * perk, without a subscription to its creator.
 */
function redeemError(block: RedeemBlock, partnerName: string | null): AppError {
  switch (block) {
    case "alreadyRedeemed":
      return conflict(COUPON_MESSAGES.alreadyRedeemed, "ALREADY_REDEEMED");
    case "expired":
      return conflict(COUPON_MESSAGES.expired, "COUPON_EXPIRED");
    case "soldOut":
      return conflict(COUPON_MESSAGES.soldOut, "COUPON_SOLD_OUT");
    case "inactive":
      return conflict(COUPON_MESSAGES.inactive, "COUPON_INACTIVE");
    case "checkInRequired":
      return forbidden(COUPON_MESSAGES.checkInRequired, "CHECKIN_REQUIRED");
    case "notSubscribed":
      return forbidden(redeemBlockMessage(block, partnerName), "PERK_SUBSCRIBERS_ONLY");
    case "perkEnded":
      return conflict(redeemBlockMessage(block), "PERK_ENDED");
  }
}

/**
 * Coupons as the viewer sees them, each with `canRedeem` and the reason when not, and their own redemption (till
 * code): one rule (redeemBlock) with the viewer's redemptions and recent check-ins read for the whole page at once.
 */
export async function presentCouponsFor(
  context: AppContext,
  viewer: SessionUser,
  items: { coupon: CouponRow; businessName?: string }[],
): Promise<CouponView[]> {
  const now = context.clock.now();
  const facts = await findRedeemFacts(context.db, {
    userId: viewer.id,
    couponIds: items.map((item) => item.coupon.id),
    businessIds: [...new Set(items.map((item) => item.coupon.businessId))],
    since: new Date(now.getTime() - REDEEM_CHECKIN_WINDOW_MS),
    now,
    partnershipIds: [...new Set(items.flatMap((item) => item.coupon.partnershipId ?? []))],
    partnerCreatorIds: [...new Set(items.flatMap((item) => item.coupon.partnerCreatorId ?? []))],
  });
  const shownPerkCounts = await countShownPerkRedemptions(
    context,
    items.map((item) => item.coupon),
  );
  return items.map(({ coupon, businessName }) => {
    const perk = coupon.partnerCreatorId
      ? {
          isLive: coupon.partnershipId !== null && facts.livePartnershipIds.has(coupon.partnershipId),
          isSubscribed: facts.subscribedCreatorIds.has(coupon.partnerCreatorId),
        }
      : null;
    const block = redeemBlock(
      presentCouponFields(coupon),
      {
        hasRedeemed: facts.redemptions.has(coupon.id),
        hasRecentCheckIn: facts.checkedInBusinessIds.has(coupon.businessId),
      },
      now,
      perk,
    );
    const partner = coupon.partnerCreatorId ? facts.partners.get(coupon.partnerCreatorId) : null;
    // A perk's code is for those who may redeem it (its live partnership's active subscribers) and its business.
    const showsCode = !perk || (perk.isLive && perk.isSubscribed) || facts.ownedBusinessIds.has(coupon.businessId);
    return presentCoupon(coupon, block, {
      businessName,
      partner,
      showsCode,
      redemption: facts.redemptions.get(coupon.id),
      // A perk's count moves only by whole weeks of 5 or more, never at somebody's redemption (perk-weeks.service).
      shownRedemptions: shownPerkCounts.get(coupon.id),
    });
  });
}

/**
 * A business's coupons. Perks of ended partnerships stay visible to the owner only (docs/PRODUCT.md
 * "Partnerships").
 */
export async function listBusinessCoupons(
  context: AppContext,
  viewer: SessionUser,
  businessId: string,
  query: PageQuery,
): Promise<Page<CouponView>> {
  const business = await getCouponsBusiness(context, viewer, businessId);
  const page = await listCouponsOfBusiness(
    context.db,
    business.id,
    { limit: query.limit, cursor: decodeCursor(query.cursor) },
    { withEndedPerks: business.ownerId === viewer.id },
  );
  const items = await presentCouponsFor(
    context,
    viewer,
    page.items.map((coupon) => ({ coupon, businessName: business.name })),
  );
  return { items, nextCursor: page.nextCursor };
}

/** The coupons anyone may redeem now. */
export async function listRedeemableCoupons(
  context: AppContext,
  viewer: SessionUser,
  query: PageQuery,
): Promise<Page<CouponView>> {
  const page = await listActiveCoupons(context.db, context.clock.now(), {
    limit: query.limit,
    cursor: decodeCursor(query.cursor),
  });
  return { items: await presentCouponsFor(context, viewer, page.items), nextCursor: page.nextCursor };
}

/** Redeems a coupon (redeemCoupon) and answers the redemption. */
export async function claimCoupon(context: AppContext, viewer: SessionUser, couponId: string): Promise<RedemptionView> {
  return presentRedemption(await redeemCoupon(context, viewer, couponId));
}

/** The viewer's redemptions, each with its coupon, business and state. */
export async function listOwnRedemptions(
  context: AppContext,
  viewer: SessionUser,
  query: PageQuery,
): Promise<Page<RedemptionView>> {
  const page = await listRedemptionsOfUser(context.db, viewer.id, {
    limit: query.limit,
    cursor: decodeCursor(query.cursor),
  });
  const now = context.clock.now();
  return mapPage(page, (row) => ({
    ...presentRedemption(row.redemption, { couponTitle: row.couponTitle, businessName: row.businessName }),
    businessId: row.businessId,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    state: redemptionState(row.redemption, row.expiresAt, now),
  }));
}
