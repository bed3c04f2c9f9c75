import { businessIdParams } from "@plaza/contracts/businesses";
import {
  couponIdParams,
  couponView,
  createCouponBody,
  markUsedBody,
  redemptionState,
  redemptionView,
  updateCouponBody,
} from "@plaza/contracts/coupons";
import { noContent } from "@plaza/contracts/http";
import { pageQuery } from "@plaza/contracts/pagination";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { decodeCursor, pageOf } from "../../lib/cursor";
import { requireViewer } from "../../plugins/session";
import { presentRedemption } from "./coupons.presenter";
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
    { schema: { body: createCouponBody, response: { 201: couponView } }, config: user },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const coupon = await createCoupon(context, viewer, request.body);
      const [view] = await presentCouponsFor(context, viewer, [{ coupon }]);
      return reply.status(201).send(view);
    },
  );

  app.patch(
    "/api/coupons/:id",
    { schema: { params: couponIdParams, body: updateCouponBody, response: { 200: couponView } }, config: user },
    async (request) => {
      const viewer = requireViewer(request);
      const coupon = await editCoupon(context, viewer, request.params.id, request.body);
      const [view] = await presentCouponsFor(context, viewer, [{ coupon }]);
      return view;
    },
  );

  app.delete(
    "/api/coupons/:id",
    { schema: { params: couponIdParams, response: { 204: noContent } }, config: user },
    async (request, reply) => {
      await removeCoupon(context, requireViewer(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    "/api/businesses/:id/coupons",
    {
      schema: { params: businessIdParams, querystring: pageQuery, response: { 200: z.array(couponView) } },
      config: user,
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const business = await getCouponsBusiness(context, viewer, request.params.id);
      const { limit } = request.query;
      // Perks of ended partnerships stay visible to the owner only (docs/PRODUCT.md "Partnerships").
      const rows = await listCouponsOfBusiness(context.db, business.id, limit, decodeCursor(request.query.cursor), {
        withEndedPerks: business.ownerId === viewer.id,
      });
      const page = pageOf(reply, rows, limit, (row) => ({ createdAt: row.createdAt, id: row.id }));
      return presentCouponsFor(
        context,
        viewer,
        page.map((coupon) => ({ coupon, businessName: business.name })),
      );
    },
  );

  app.get(
    "/api/coupons/active",
    { schema: { querystring: pageQuery, response: { 200: z.array(couponView) } }, config: user },
    async (request, reply) => {
      const { limit } = request.query;
      const rows = await listActiveCoupons(context.db, context.clock.now(), limit, decodeCursor(request.query.cursor));
      const page = pageOf(reply, rows, limit, (row) => ({ createdAt: row.coupon.createdAt, id: row.coupon.id }));
      return presentCouponsFor(context, requireViewer(request), page);
    },
  );

  app.post(
    "/api/coupons/:id/redeem",
    { schema: { params: couponIdParams, response: { 201: redemptionView } }, config: user },
    async (request, reply) => {
      const redemption = await redeemCoupon(context, requireViewer(request), request.params.id);
      return reply.status(201).send(presentRedemption(redemption));
    },
  );

  app.get(
    "/api/coupons/redemptions/mine",
    { schema: { querystring: pageQuery, response: { 200: z.array(redemptionView) } }, config: user },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const { limit } = request.query;
      const rows = await listRedemptionsOfUser(context.db, viewer.id, limit, decodeCursor(request.query.cursor));
      const now = context.clock.now();
      return pageOf(reply, rows, limit, (row) => ({ createdAt: row.redemption.redeemedAt, id: row.redemption.id })).map(
        (row) => ({
          ...presentRedemption(row.redemption, { couponTitle: row.couponTitle, businessName: row.businessName }),
          businessId: row.businessId,
          expiresAt: row.expiresAt?.toISOString() ?? null,
          state: redemptionState(row.redemption, row.expiresAt, now),
        }),
      );
    },
  );

  app.get(
    "/api/coupons/:id/redemptions",
    {
      schema: { params: couponIdParams, querystring: pageQuery, response: { 200: z.array(redemptionView) } },
      config: user,
    },
    async (request, reply) => {
      const coupon = await getOwnedCoupon(context, requireViewer(request), request.params.id);
      const { limit } = request.query;
      const rows = await listRedemptionsOfCoupon(context.db, coupon.id, limit, decodeCursor(request.query.cursor));
      return pageOf(reply, rows, limit, (row) => ({ createdAt: row.redemption.redeemedAt, id: row.redemption.id })).map(
        (row) => presentRedemption(row.redemption, { couponTitle: coupon.title, user: row.user }),
      );
    },
  );

  app.post(
    "/api/coupon-redemptions/mark-used",
    { schema: { body: markUsedBody, response: { 200: redemptionView } }, config: user },
    async (request) => presentRedemption(await markCodeUsed(context, requireViewer(request), request.body)),
  );
}
