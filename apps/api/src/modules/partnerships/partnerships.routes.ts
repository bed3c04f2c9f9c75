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
import { requireViewer } from "../../plugins/session";
import { presentPartnershipState } from "./partnerships.presenter";
import {
  answerInvitation,
  endPartnership,
  invitePartner,
  listLivePerks,
  listPartnerships,
  readPartnerRedemptions,
} from "./partnerships.service";

const tags = ["Partnerships"];
const ANSWER_ERRORS = { 403: "Not the invited creator", 404: "No such partnership", 409: "Already answered" };

/** Partnerships between businesses and creators, and the perks they give subscribers (docs/PRODUCT.md). */
export async function partnershipsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const context = app.context;
  const user = { access: "user" } as const;

  app.post(
    "/api/partnerships",
    {
      schema: {
        tags,
        operationId: "postPartnerships",
        summary: "Invite a creator to partner with your business (owner)",
        errors: {
          400: "Not a creator profile",
          403: "Not the business's owner",
          404: "No such business or creator",
          409: "A pending or accepted partnership of this pair exists",
        },
        body: createPartnershipBody,
        response: { 201: partnershipStateView },
      },
      config: user,
    },
    async (request, reply) => {
      const row = await invitePartner(context, requireViewer(request), request.body);
      return reply.status(201).send(presentPartnershipState(row));
    },
  );

  app.get(
    "/api/partnerships",
    {
      schema: {
        tags,
        operationId: "getPartnerships",
        summary: "Your partnerships, as a business owner or as a creator",
        querystring: partnershipListQuery,
        response: { 200: z.array(partnershipView) },
      },
      config: user,
    },
    async (request) => listPartnerships(context, requireViewer(request), request.query.status),
  );

  app.post(
    "/api/partnerships/:id/accept",
    {
      schema: {
        tags,
        operationId: "postPartnershipsByIdAccept",
        summary: "Accept an invitation (the invited creator)",
        errors: ANSWER_ERRORS,
        params: partnershipIdParams,
        response: { 200: partnershipStateView },
      },
      config: user,
    },
    async (request) =>
      presentPartnershipState(await answerInvitation(context, requireViewer(request), request.params.id, "accepted")),
  );

  app.post(
    "/api/partnerships/:id/decline",
    {
      schema: {
        tags,
        operationId: "postPartnershipsByIdDecline",
        summary: "Decline an invitation (the invited creator)",
        errors: ANSWER_ERRORS,
        params: partnershipIdParams,
        response: { 200: partnershipStateView },
      },
      config: user,
    },
    async (request) =>
      presentPartnershipState(await answerInvitation(context, requireViewer(request), request.params.id, "declined")),
  );

  app.delete(
    "/api/partnerships/:id",
    {
      schema: {
        tags,
        operationId: "deletePartnershipsById",
        summary: "End a partnership or withdraw an invitation (either side); its perks stop at once",
        errors: { 403: "Not a side of this partnership", 404: "No such partnership", 409: "Already ended" },
        params: partnershipIdParams,
        response: { 204: noContent },
      },
      config: user,
    },
    async (request, reply) => {
      await endPartnership(context, requireViewer(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    "/api/users/:userId/perks",
    {
      schema: {
        tags,
        operationId: "getUsersByUserIdPerks",
        summary: "A creator's live perks for their subscribers",
        errors: { 404: "No such user, or a block either way" },
        params: userIdParams,
        response: { 200: z.array(perkView) },
      },
      config: user,
    },
    async (request) => listLivePerks(context, requireViewer(request), request.params.userId),
  );

  app.get(
    "/api/businesses/:id/partner-redemptions",
    {
      schema: {
        tags,
        operationId: "getBusinessesByIdPartnerRedemptions",
        summary: "Perk redemptions per partner creator, groups under 5 people hidden (owner)",
        errors: { 403: "Not the business's owner", 404: "No such business" },
        params: businessIdParams,
        response: { 200: partnerRedemptionsView },
      },
      config: user,
    },
    async (request) => readPartnerRedemptions(context, requireViewer(request), request.params.id),
  );
}
