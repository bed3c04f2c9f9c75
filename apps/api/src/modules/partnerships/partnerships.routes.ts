import { businessIdParams } from "@plaza/contracts/businesses";
import { noContent as noBody } from "@plaza/contracts/http";
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
import { z } from "zod";
import { created, noContent, ok, route } from "../../lib/route";
import { requireViewer } from "../../plugins/session";
import {
  answerInvitation,
  endPartnership,
  invitePartner,
  listLivePerks,
  listPartnerships,
  readPartnerRedemptions,
} from "./partnerships.service";

const ANSWER_ERRORS = { 403: "Not the invited creator", 404: "No such partnership", 409: "Already answered" };

/** Partnerships between businesses and creators, and the perks they give subscribers (docs/PRODUCT.md). */
export async function partnershipsRoutes(app: FastifyInstance): Promise<void> {
  perkRoutes(app);
  partnershipRoutes(app);
}

/** The perks partnerships give subscribers, and what a business sees of their use. */
function perkRoutes(app: FastifyInstance): void {
  const context = app.context;
  const user = { access: "user" } as const;

  route(
    app,
    "GET",
    "/api/users/:userId/perks",
    {
      schema: {
        summary: "A creator's live perks for their subscribers",
        errors: { 404: "No such user, or a block either way" },
        params: userIdParams,
        response: { 200: z.array(perkView) },
      },
      config: user,
    },
    async (request) => ok(await listLivePerks(context, requireViewer(request), request.params.userId)),
  );

  route(
    app,
    "GET",
    "/api/businesses/:id/partner-redemptions",
    {
      schema: {
        summary: "Perk redemptions per partner creator, groups under 5 people hidden (owner)",
        errors: { 403: "Not the business's owner", 404: "No such business" },
        params: businessIdParams,
        response: { 200: partnerRedemptionsView },
      },
      config: user,
    },
    async (request) => ok(await readPartnerRedemptions(context, requireViewer(request), request.params.id)),
  );
}

/** Invitations, answers, the list, and ending a partnership. */
function partnershipRoutes(app: FastifyInstance): void {
  const context = app.context;
  const user = { access: "user" } as const;

  route(
    app,
    "POST",
    "/api/partnerships",
    {
      schema: {
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
    async (request) => created(await invitePartner(context, requireViewer(request), request.body)),
  );

  route(
    app,
    "GET",
    "/api/partnerships",
    {
      schema: {
        summary: "Your partnerships, as a business owner or as a creator",
        querystring: partnershipListQuery,
        response: { 200: z.array(partnershipView) },
      },
      config: user,
    },
    async (request) => ok(await listPartnerships(context, requireViewer(request), request.query.status)),
  );

  route(
    app,
    "POST",
    "/api/partnerships/:id/accept",
    {
      schema: {
        summary: "Accept an invitation (the invited creator)",
        errors: ANSWER_ERRORS,
        params: partnershipIdParams,
        response: { 200: partnershipStateView },
      },
      config: user,
    },
    async (request) => ok(await answerInvitation(context, requireViewer(request), request.params.id, "accepted")),
  );

  route(
    app,
    "POST",
    "/api/partnerships/:id/decline",
    {
      schema: {
        summary: "Decline an invitation (the invited creator)",
        errors: ANSWER_ERRORS,
        params: partnershipIdParams,
        response: { 200: partnershipStateView },
      },
      config: user,
    },
    async (request) => ok(await answerInvitation(context, requireViewer(request), request.params.id, "declined")),
  );

  route(
    app,
    "DELETE",
    "/api/partnerships/:id",
    {
      schema: {
        summary: "End a partnership or withdraw an invitation (either side); its perks stop at once",
        errors: { 403: "Not a side of this partnership", 404: "No such partnership", 409: "Already ended" },
        params: partnershipIdParams,
        response: { 204: noBody },
      },
      config: user,
    },
    async (request) => noContent(await endPartnership(context, requireViewer(request), request.params.id)),
  );
}
