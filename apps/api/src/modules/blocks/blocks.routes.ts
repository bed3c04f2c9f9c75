import { blockBody, blockedIdParams, blockView } from "@plaza/contracts/blocks";
import { noContent } from "@plaza/contracts/http";
import { pageQuery } from "@plaza/contracts/pagination";
import { userIdParams } from "@plaza/contracts/users";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { sendPage } from "../../lib/cursor";
import { requireViewer } from "../../plugins/session";
import { presentBlock } from "./blocks.presenter";
import { blockUser, listBlockedUsers, unblockUser } from "./blocks.service";

/** Blocks (docs/PRODUCT.md "Privacy"; docs/PRODUCT.md §7). */
export async function blocksRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const context = app.context;
  const user = { access: "user" as const };

  app.post(
    "/api/blocks",
    {
      schema: {
        tags: ["Blocks"],
        operationId: "postBlocks",
        summary: "Block someone",
        errors: { 404: "The user does not exist, was deleted, or is hidden from you (blocked)" },
        body: blockBody,
        response: { 200: blockView },
      },
      config: user,
    },
    async (request) => {
      const { block, blocked } = await blockUser(
        context,
        requireViewer(request),
        request.body.blockedId,
        request.body.blockType,
      );
      return presentBlock(block, blocked);
    },
  );

  app.delete(
    "/api/blocks/:blockedId",
    {
      schema: {
        tags: ["Blocks"],
        operationId: "deleteBlocksByBlockedId",
        summary: "Unblock someone",
        params: blockedIdParams,
        response: { 204: noContent },
      },
      config: user,
    },
    async (request, reply) => {
      await unblockUser(context, requireViewer(request), request.params.blockedId);
      return reply.status(204).send();
    },
  );

  app.get(
    "/api/users/:userId/blocked",
    {
      schema: {
        tags: ["Blocks"],
        operationId: "getUsersByUserIdBlocked",
        summary: "The people you blocked",
        errors: { 403: "Not your block list" },
        params: userIdParams,
        querystring: pageQuery,
        response: { 200: z.array(blockView) },
      },
      config: user,
    },
    async (request, reply) =>
      sendPage(reply, await listBlockedUsers(context, requireViewer(request), request.params.userId, request.query)),
  );
}
