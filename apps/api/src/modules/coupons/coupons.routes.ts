import { businessIdParams } from "@plaza/contracts/businesses";
import {
  couponIdParams,
  couponPage,
  couponView,
  createCouponBody,
  markUsedBody,
  redemptionPage,
  redemptionState,
  redemptionView,
  updateCouponBody,
} from "@plaza/contracts/coupons";
import { noContent } from "@plaza/contracts/http";
import { pageQuery } from "@plaza/contracts/pagination";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { decodeCursor, mapPage, sendPage } from "../../lib/cursor";
import { requireViewer } from "../../plugins/session";
import { presentRedemption, presentRedemptionToBusiness } from "./coupons.presenter";
import {
  listActiveCoupons,
  listCouponsOfBusiness,
  listRedemptionsOfCoupon,
  listRedemptionsOfUser,
} from "./coupons.repository";
import {
  createCoupon,
  editCoupon,
  getCouponsBusiness,
  getOwnedCoupon,
  markCodeUsed,
  presentCouponsFor,
  redeemCoupon,
  removeCoupon,
} from "./coupons.service";

export async function couponsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const context = app.context;
  const user = { access: "user" } as const;

  app.post(
    "/api/coupons",
    {
      schema: {
        tags: ["Coupons"],
        operationId: "postCoupons",
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
    async (request, reply) => {
      const viewer = requireViewer(request);
      const coupon = await createCoupon(context, viewer, request.body);
      const [view] = await presentCouponsFor(context, viewer, [{ coupon }]);
      return reply.status(201).send(view);
    },
  );

  app.patch(
    "/api/coupons/:id",
    {
      schema: {
        tags: ["Coupons"],
        operationId: "patchCouponsById",
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
    async (request) => {
      const viewer = requireViewer(request);
      const coupon = await editCoupon(context, viewer, request.params.id, request.body);
      const [view] = await presentCouponsFor(context, viewer, [{ coupon }]);
      return view;
    },
  );

  app.delete(
    "/api/coupons/:id",
    {
      schema: {
        tags: ["Coupons"],
        operationId: "deleteCouponsById",
        summary: "Delete a coupon",
        errors: { 403: "You do not own it", 404: "No such coupon" },
        params: couponIdParams,
        response: { 204: noContent },
      },
      config: user,
    },
    async (request, reply) => {
      await removeCoupon(context, requireViewer(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    "/api/businesses/:id/coupons",
    {
      schema: {
        tags: ["Coupons"],
        operationId: "getBusinessesByIdCoupons",
        summary: "A business's coupons",
        errors: { 404: "No such business" },
        params: businessIdParams,
        querystring: pageQuery,
        response: { 200: couponPage },
      },
      config: user,
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const business = await getCouponsBusiness(context, viewer, request.params.id);
      const { limit } = request.query;
      // Perks of ended partnerships stay visible to the owner only (docs/PRODUCT.md "Partnerships").
      const page = await listCouponsOfBusiness(
        context.db,
        business.id,
        { limit, cursor: decodeCursor(request.query.cursor) },
        { withEndedPerks: business.ownerId === viewer.id },
      );
      const items = await presentCouponsFor(
        context,
        viewer,
        page.items.map((coupon) => ({ coupon, businessName: business.name })),
      );
      return sendPage(reply, { items, nextCursor: page.nextCursor });
    },
  );

  app.get(
    "/api/coupons/active",
    {
      schema: {
        tags: ["Coupons"],
        operationId: "getCouponsActive",
        summary: "Coupons you can redeem now",
        querystring: pageQuery,
        response: { 200: couponPage },
      },
      config: user,
    },
    async (request, reply) => {
      const { limit } = request.query;
      const page = await listActiveCoupons(context.db, context.clock.now(), {
        limit,
        cursor: decodeCursor(request.query.cursor),
      });
      const items = await presentCouponsFor(context, requireViewer(request), page.items);
      return sendPage(reply, { items, nextCursor: page.nextCursor });
    },
  );

  app.post(
    "/api/coupons/:id/redeem",
    {
      schema: {
        tags: ["Coupons"],
        operationId: "postCouponsByIdRedeem",
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
    async (request, reply) => {
      const redemption = await redeemCoupon(context, requireViewer(request), request.params.id);
      return reply.status(201).send(presentRedemption(redemption));
    },
  );

  app.get(
    "/api/coupons/redemptions/mine",
    {
      schema: {
        tags: ["Coupons"],
        operationId: "getCouponsRedemptionsMine",
        summary: "Your redemptions",
        querystring: pageQuery,
        response: { 200: redemptionPage },
      },
      config: user,
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const { limit } = request.query;
      const page = await listRedemptionsOfUser(context.db, viewer.id, {
        limit,
        cursor: decodeCursor(request.query.cursor),
      });
      const now = context.clock.now();
      return sendPage(
        reply,
        mapPage(page, (row) => ({
          ...presentRedemption(row.redemption, { couponTitle: row.couponTitle, businessName: row.businessName }),
          businessId: row.businessId,
          expiresAt: row.expiresAt?.toISOString() ?? null,
          state: redemptionState(row.redemption, row.expiresAt, now),
        })),
      );
    },
  );

  app.get(
    "/api/coupons/:id/redemptions",
    {
      schema: {
        tags: ["Coupons"],
        operationId: "getCouponsByIdRedemptions",
        summary: "Redemptions of a coupon (owner)",
        description:
          "Codes, times and states; who redeemed only for an ordinary coupon, never for a perk (its redeemers are the partner creator's subscribers).",
        errors: { 403: "You do not own it", 404: "No such coupon" },
        params: couponIdParams,
        querystring: pageQuery,
        response: { 200: redemptionPage },
      },
      config: user,
    },
    async (request, reply) => {
      const coupon = await getOwnedCoupon(context, requireViewer(request), request.params.id);
      const { limit } = request.query;
      const page = await listRedemptionsOfCoupon(context.db, coupon.id, {
        limit,
        cursor: decodeCursor(request.query.cursor),
      });
      const now = context.clock.now();
      return sendPage(
        reply,
        mapPage(page, (row) => presentRedemptionToBusiness(row.redemption, coupon, row.user, now)),
      );
    },
  );

  app.post(
    "/api/coupon-redemptions/mark-used",
    {
      schema: {
        tags: ["Coupons"],
        operationId: "postCouponRedemptionsMarkUsed",
        summary: "Mark a redemption code used (owner, at the counter)",
        errors: { 403: "You have no business", 404: "No such code at your business", 409: "Already used" },
        body: markUsedBody,
        response: { 200: redemptionView },
      },
      config: user,
    },
    async (request) => markCodeUsed(context, requireViewer(request), request.body),
  );
}
