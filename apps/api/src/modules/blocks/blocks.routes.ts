import { blockBody, blockedIdParams, blockView } from "@plaza/contracts/blocks";
import { noContent as noBody } from "@plaza/contracts/http";
import { pageQuery } from "@plaza/contracts/pagination";
import { userIdParams } from "@plaza/contracts/users";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { noContent, ok, page, route } from "../../lib/route";
import { requireViewer } from "../../plugins/session";
import { blockUser, listBlockedUsers, unblockUser } from "./blocks.service";

/** Blocks (docs/PRODUCT.md "Privacy"; docs/PRODUCT.md §7). */
export async function blocksRoutes(app: FastifyInstance): Promise<void> {
  const context = app.context;
  const user = { access: "user" as const };

  route(
    app,
    "POST",
    "/api/blocks",
    {
      schema: {
        summary: "Block someone",
        errors: { 404: "The user does not exist, was deleted, or is hidden from you (blocked)" },
        body: blockBody,
        response: { 200: blockView },
      },
      config: user,
    },
    async (request) => ok(await blockUser(context, requireViewer(request), request.body)),
  );

  route(
    app,
    "DELETE",
    "/api/blocks/:blockedId",
    {
      schema: {
        summary: "Unblock someone",
        params: blockedIdParams,
        response: { 204: noBody },
      },
      config: user,
    },
    async (request) => noContent(await unblockUser(context, requireViewer(request), request.params.blockedId)),
  );

  route(
    app,
    "GET",
    "/api/users/:userId/blocked",
    {
      schema: {
        summary: "The people you blocked",
        errors: { 403: "Not your block list" },
        params: userIdParams,
        querystring: pageQuery,
        response: { 200: z.array(blockView) },
      },
      config: user,
    },
    async (request) =>
      page(await listBlockedUsers(context, requireViewer(request), request.params.userId, request.query)),
  );
}
