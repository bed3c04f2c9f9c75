import { BUSINESS_MESSAGES } from "@plaza/contracts/businesses";
import {
  COUPON_MESSAGES,
  type CouponView,
  type CreateCouponBody,
  type MarkUsedBody,
  type RedemptionView,
  type RedemptionWeeksView,
  type UpdateCouponBody,
} from "@plaza/contracts/coupons";
import type { PageQuery } from "@plaza/contracts/pagination";
import { PARTNERSHIP_MESSAGES } from "@plaza/contracts/partnerships";
import type { AppContext } from "../../app-context";
import type { CouponRow } from "../../db/schema/coupons";
import { badRequest, conflict, forbidden, notFound } from "../../lib/app-error";
import { decodeCursor, mapPage, type Page } from "../../lib/cursor";
import { canManageBusiness } from "../businesses/businesses.policy";
import { findBusinessById, findBusinessByOwner } from "../businesses/businesses.repository";
import { findOpenPartnership } from "../partnerships/partnerships.repository";
import type { SessionUser } from "../users/viewer";
import { presentCouponsFor, randomCode } from "./coupon-redemptions.service";
import { presentRedemptionToBusiness } from "./coupons.presenter";
import {
  deleteCoupon,
  findCouponByCode,
  findCouponById,
  findRedemptionByCodeForBusiness,
  insertCoupon,
  listRedemptionsOfCoupon,
  markRedemptionUsed,
  updateCoupon,
} from "./coupons.repository";
import { readRedemptionWeeks } from "./perk-weeks.service";

/**
 * A business's coupons as its owner manages them: creating, editing and removing them, and the redemptions of
 * them (marking a customer's code used). What customers see and redeem is in coupon-redemptions.service.ts.
 */

async function requireOwnedBusiness(context: AppContext, viewer: SessionUser, businessId: string) {
  const business = await findBusinessById(context.db, businessId);
  if (!business) throw notFound(BUSINESS_MESSAGES.businessNotFound);
  if (!canManageBusiness(viewer, business)) throw forbidden(BUSINESS_MESSAGES.notOwner);
  return business;
}

async function requireOwnedCoupon(context: AppContext, viewer: SessionUser, couponId: string) {
  const coupon = await findCouponById(context.db, couponId);
  const business = coupon ? await findBusinessById(context.db, coupon.businessId) : undefined;
  if (!coupon || !business) throw notFound(COUPON_MESSAGES.couponNotFound);
  if (!canManageBusiness(viewer, business)) throw forbidden(BUSINESS_MESSAGES.notOwner);
  return { coupon, business };
}

/** Creates a coupon for the viewer's own business; a code is generated when none is given. */
export async function createCoupon(
  context: AppContext,
  viewer: SessionUser,
  body: CreateCouponBody,
): Promise<CouponRow> {
  const business = await requireOwnedBusiness(context, viewer, body.businessId);
  const code = body.code ? body.code.toUpperCase() : randomCode(8);
  if (await findCouponByCode(context.db, business.id, code)) throw conflict(COUPON_MESSAGES.codeTaken);
  // A perk belongs to an accepted partnership of this business with that creator (docs/PRODUCT.md "Partnerships").
  const partnership = body.partnerCreatorId
    ? await findOpenPartnership(context.db, business.id, body.partnerCreatorId)
    : null;
  if (body.partnerCreatorId && partnership?.status !== "accepted") {
    throw badRequest(PARTNERSHIP_MESSAGES.partnerRequired, "partnerCreatorId");
  }
  return insertCoupon(context.db, {
    partnerCreatorId: partnership?.creatorId ?? null,
    partnershipId: partnership?.id ?? null,
    businessId: business.id,
    code,
    title: body.title,
    description: body.description,
    discountType: body.discountType,
    discountValue: body.discountValue,
    maxRedemptions: body.maxRedemptions,
    expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
    createdAt: context.clock.now(),
  });
}

export async function editCoupon(
  context: AppContext,
  viewer: SessionUser,
  couponId: string,
  body: UpdateCouponBody,
): Promise<CouponRow> {
  const { coupon } = await requireOwnedCoupon(context, viewer, couponId);
  const code = body.code?.toUpperCase();
  if (code && code !== coupon.code) {
    const existing = await findCouponByCode(context.db, coupon.businessId, code);
    if (existing && existing.id !== coupon.id) throw conflict(COUPON_MESSAGES.codeTaken);
  }
  const discountType = body.discountType ?? coupon.discountType;
  const discountValue = body.discountValue ?? Number(coupon.discountValue);
  if (discountType === "percentage" && discountValue > 100) {
    throw badRequest("A percentage discount is at most 100", "discountValue");
  }
  // Lowering the maximum below what was already given out would break the stock rule.
  if (body.maxRedemptions != null && body.maxRedemptions < coupon.currentRedemptions) {
    throw conflict(`This coupon was already redeemed ${coupon.currentRedemptions} times`);
  }
  if (Object.keys(body).length === 0) return coupon;
  const { expiresAt, ...fields } = body;
  return updateCoupon(context.db, coupon.id, {
    ...fields,
    ...(code ? { code } : {}),
    ...(expiresAt === undefined ? {} : { expiresAt: expiresAt ? new Date(expiresAt) : null }),
  });
}

export async function removeCoupon(context: AppContext, viewer: SessionUser, couponId: string): Promise<void> {
  const { coupon } = await requireOwnedCoupon(context, viewer, couponId);
  await deleteCoupon(context.db, coupon.id);
}

export async function getOwnedCoupon(context: AppContext, viewer: SessionUser, couponId: string) {
  return (await requireOwnedCoupon(context, viewer, couponId)).coupon;
}

/** The owner marks a customer's code used at the till; a second time is 409. */
export async function markCodeUsed(context: AppContext, viewer: SessionUser, body: MarkUsedBody) {
  const business = await findBusinessByOwner(context.db, viewer.id);
  if (!business) throw forbidden(BUSINESS_MESSAGES.notOwner);
  const found = await findRedemptionByCodeForBusiness(context.db, business.id, body.code);
  if (!found) throw notFound(COUPON_MESSAGES.redemptionNotFound);
  const now = context.clock.now();
  const marked = await markRedemptionUsed(context.db, found.redemption.id, now);
  if (!marked) throw conflict(COUPON_MESSAGES.alreadyUsed, "ALREADY_USED");
  return presentRedemptionToBusiness(marked, found.coupon, null, now);
}

/** Creates a coupon (createCoupon) and answers it as its owner sees it. */
export async function publishCoupon(
  context: AppContext,
  viewer: SessionUser,
  body: CreateCouponBody,
): Promise<CouponView> {
  const coupon = await createCoupon(context, viewer, body);
  const [view] = await presentCouponsFor(context, viewer, [{ coupon }]);
  return view as CouponView;
}

/** Edits a coupon (editCoupon) and answers it as its owner sees it. */
export async function reviseCoupon(
  context: AppContext,
  viewer: SessionUser,
  couponId: string,
  body: UpdateCouponBody,
): Promise<CouponView> {
  const coupon = await editCoupon(context, viewer, couponId, body);
  const [view] = await presentCouponsFor(context, viewer, [{ coupon }]);
  return view as CouponView;
}

/** The redemptions of a coupon, for its owner. */
export async function listRedemptionsOfOwnedCoupon(
  context: AppContext,
  viewer: SessionUser,
  couponId: string,
  query: PageQuery,
): Promise<Page<RedemptionView>> {
  const coupon = await getOwnedCoupon(context, viewer, couponId);
  // A perk's redemptions are never listed one by one, even by day: on a day of one named check-in the day alone
  // would tell who redeemed. Its business reads the weekly counts (listRedemptionWeeksOfOwnedCoupon).
  if (coupon.partnerCreatorId) throw conflict(COUPON_MESSAGES.perkCountedPerWeek, "PERK_COUNTED_PER_WEEK");
  const page = await listRedemptionsOfCoupon(context.db, coupon.id, {
    limit: query.limit,
    cursor: decodeCursor(query.cursor),
  });
  const now = context.clock.now();
  return mapPage(page, (row) => presentRedemptionToBusiness(row.redemption, coupon, row.user, now));
}

/** A coupon's redemptions per completed week, for its owner (docs/decisions/0006-check-ins-coupons-perks.md). */
export async function listRedemptionWeeksOfOwnedCoupon(
  context: AppContext,
  viewer: SessionUser,
  couponId: string,
): Promise<RedemptionWeeksView> {
  return readRedemptionWeeks(context, await getOwnedCoupon(context, viewer, couponId));
}
