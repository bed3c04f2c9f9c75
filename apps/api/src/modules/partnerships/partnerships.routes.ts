import { businessIdParams } from "@plaza/contracts/businesses";
import { noContent } from "@plaza/contracts/http";
import {
  createPartnershipBody,
  partnerRedemptionsView,
  partnershipIdParams,
  partnershipListQuery,
  partnershipStateView,
  partnershipView,
  perkView,
} from "@plaza/contracts/partnerships";
import { userIdParams } from "@plaza/contracts/users";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../lib/app-error";
import { requireViewer } from "../../plugins/session";
import { isBlockedEitherWay } from "../relationships/relationships.repository";
import { presentPartnershipState } from "./partnerships.presenter";
import {
  answerInvitation,
  endPartnership,
  invitePartner,
  listLivePerks,
  listPartnerships,
  readPartnerRedemptions,
} from "./partnerships.service";

/** Partnerships between businesses and creators, and the perks they give subscribers (docs/PRODUCT.md). */
export async function partnershipsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const context = app.context;
  const user = { access: "user" } as const;

  app.post(
    "/api/partnerships",
    { schema: { body: createPartnershipBody, response: { 201: partnershipStateView } }, config: user },
    async (request, reply) => {
      const row = await invitePartner(context, requireViewer(request), request.body);
      return reply.status(201).send(presentPartnershipState(row));
    },
  );

  app.get(
    "/api/partnerships",
    { schema: { querystring: partnershipListQuery, response: { 200: z.array(partnershipView) } }, config: user },
    async (request) => listPartnerships(context, requireViewer(request), request.query.status),
  );

  app.post(
    "/api/partnerships/:id/accept",
    { schema: { params: partnershipIdParams, response: { 200: partnershipStateView } }, config: user },
    async (request) =>
      presentPartnershipState(await answerInvitation(context, requireViewer(request), request.params.id, "accepted")),
  );

  app.post(
    "/api/partnerships/:id/decline",
    { schema: { params: partnershipIdParams, response: { 200: partnershipStateView } }, config: user },
    async (request) =>
      presentPartnershipState(await answerInvitation(context, requireViewer(request), request.params.id, "declined")),
  );

  app.delete(
    "/api/partnerships/:id",
    { schema: { params: partnershipIdParams, response: { 204: noContent } }, config: user },
    async (request, reply) => {
      await endPartnership(context, requireViewer(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    "/api/users/:userId/perks",
    { schema: { params: userIdParams, response: { 200: z.array(perkView) } }, config: user },
    async (request) => {
      const viewer = requireViewer(request);
      if (await isBlockedEitherWay(context.db, viewer.id, request.params.userId)) throw notFound("User not found");
      return listLivePerks(context, request.params.userId);
    },
  );

  app.get(
    "/api/businesses/:id/partner-redemptions",
    { schema: { params: businessIdParams, response: { 200: partnerRedemptionsView } }, config: user },
    async (request) => readPartnerRedemptions(context, requireViewer(request), request.params.id),
  );
}
