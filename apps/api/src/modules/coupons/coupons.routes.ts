import { businessIdParams } from "@plaza/contracts/businesses";
import {
  couponIdParams,
  couponPage,
  couponView,
  createCouponBody,
  markUsedBody,
  redemptionPage,
  redemptionView,
  redemptionWeeksView,
  updateCouponBody,
} from "@plaza/contracts/coupons";
import { noContent as noBody } from "@plaza/contracts/http";
import { pageQuery } from "@plaza/contracts/pagination";
import type { FastifyInstance } from "fastify";
import { created, noContent, ok, page, route } from "../../lib/route";
import { requireViewer } from "../../plugins/session";
import {
  claimCoupon,
  listBusinessCoupons,
  listOwnRedemptions,
  listRedeemableCoupons,
} from "./coupon-redemptions.service";
import {
  listRedemptionsOfOwnedCoupon,
  listRedemptionWeeksOfOwnedCoupon,
  markCodeUsed,
  publishCoupon,
  removeCoupon,
  reviseCoupon,
} from "./coupons.service";

export async function couponsRoutes(app: FastifyInstance): Promise<void> {
  couponRoutes(app);
  redemptionRoutes(app);
}

/** Redeeming coupons, the lists of redemptions, and marking a code used at the counter. */
function redemptionRoutes(app: FastifyInstance): void {
  const context = app.context;
  const user = { access: "user" } as const;

  route(
    app,
    "POST",
    "/api/coupons/:id/redeem",
    {
      schema: {
        summary: "Redeem a coupon (after a verified check-in)",
        errors: {
          403: "A verified check-in at the business is required first",
          404: "No such coupon",
          409: "Already redeemed, sold out, expired or inactive",
        },
        params: couponIdParams,
        response: { 201: redemptionView },
      },
      config: user,
    },
    async (request) => created(await claimCoupon(context, requireViewer(request), request.params.id)),
  );

  route(
    app,
    "GET",
    "/api/coupons/redemptions/mine",
    {
      schema: {
        summary: "Your redemptions",
        querystring: pageQuery,
        response: { 200: redemptionPage },
      },
      config: user,
    },
    async (request) => page(await listOwnRedemptions(context, requireViewer(request), request.query)),
  );

  route(
    app,
    "GET",
    "/api/coupons/:id/redemptions",
    {
      schema: {
        summary: "Redemptions of a coupon (owner)",
        description:
          "Codes, times, states and who redeemed, for an ordinary coupon. A perk's redemptions (its redeemers are the partner creator's subscribers) are only counted per week: 409, see redemption-weeks.",
        errors: { 403: "You do not own it", 404: "No such coupon", 409: "A perk: counted per week, not listed" },
        params: couponIdParams,
        querystring: pageQuery,
        response: { 200: redemptionPage },
      },
      config: user,
    },
    async (request) =>
      page(await listRedemptionsOfOwnedCoupon(context, requireViewer(request), request.params.id, request.query)),
  );

  route(
    app,
    "GET",
    "/api/coupons/:id/redemption-weeks",
    {
      schema: {
        summary: "Redemptions of a coupon per completed week, counts under 5 hidden (owner)",
        description:
          "The last 12 completed weeks (Monday to Monday, UTC), newest first; a week's count is null when under 5 (zero included). The running week is never counted.",
        errors: { 403: "You do not own it", 404: "No such coupon" },
        params: couponIdParams,
        response: { 200: redemptionWeeksView },
      },
      config: user,
    },
    async (request) => ok(await listRedemptionWeeksOfOwnedCoupon(context, requireViewer(request), request.params.id)),
  );

  route(
    app,
    "POST",
    "/api/coupon-redemptions/mark-used",
    {
      schema: {
        summary: "Mark a redemption code used (owner, at the counter)",
        errors: { 403: "You have no business", 404: "No such code at your business", 409: "Already used" },
        body: markUsedBody,
        response: { 200: redemptionView },
      },
      config: user,
    },
    async (request) => ok(await markCodeUsed(context, requireViewer(request), request.body)),
  );
}

/** Creating, editing, deleting and listing coupons. */
function couponRoutes(app: FastifyInstance): void {
  const context = app.context;
  const user = { access: "user" } as const;

  route(
    app,
    "POST",
    "/api/coupons",
    {
      schema: {
        summary: "Create a coupon for your business",
        errors: {
          403: "You do not own it",
          404: "No such business",
          409: "The code is already used by another coupon",
        },
        body: createCouponBody,
        response: { 201: couponView },
      },
      config: user,
    },
    async (request) => created(await publishCoupon(context, requireViewer(request), request.body)),
  );

  route(
    app,
    "PATCH",
    "/api/coupons/:id",
    {
      schema: {
        summary: "Edit a coupon",
        errors: {
          400: "A percentage discount is at most 100",
          403: "You do not own it",
          404: "No such coupon",
          409: "The code is taken, or the limit is below the redemptions so far",
        },
        params: couponIdParams,
        body: updateCouponBody,
        response: { 200: couponView },
      },
      config: user,
    },
    async (request) => ok(await reviseCoupon(context, requireViewer(request), request.params.id, request.body)),
  );

  route(
    app,
    "DELETE",
    "/api/coupons/:id",
    {
      schema: {
        summary: "Delete a coupon",
        errors: { 403: "You do not own it", 404: "No such coupon" },
        params: couponIdParams,
        response: { 204: noBody },
      },
      config: user,
    },
    async (request) => noContent(await removeCoupon(context, requireViewer(request), request.params.id)),
  );

  route(
    app,
    "GET",
    "/api/businesses/:id/coupons",
    {
      schema: {
        summary: "A business's coupons",
        errors: { 404: "No such business" },
        params: businessIdParams,
        querystring: pageQuery,
        response: { 200: couponPage },
      },
      config: user,
    },
    async (request) =>
      page(await listBusinessCoupons(context, requireViewer(request), request.params.id, request.query)),
  );

  route(
    app,
    "GET",
    "/api/coupons/active",
    {
      schema: {
        summary: "Coupons you can redeem now",
        querystring: pageQuery,
        response: { 200: couponPage },
      },
      config: user,
    },
    async (request) => page(await listRedeemableCoupons(context, requireViewer(request), request.query)),
  );
}
