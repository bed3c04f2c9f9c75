import {
  conversationIdParams,
  conversationView,
  MESSAGE_TEXTS,
  messageView,
  sendMessageBody,
  unreadCountView,
} from "@plaza/contracts/messaging";
import { pageQuery } from "@plaza/contracts/pagination";
import type { FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, type ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { sendPage } from "../../lib/cursor";
import { requireViewer } from "../../plugins/session";
import {
  countUnreadMessages,
  listConversations,
  listMessages,
  markConversationRead,
  sendMessage,
} from "./messaging.service";

/** Direct messages: conversations, messages, read state and the unread total (docs/PRODUCT.md §7). */
export async function messagingRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const context = app.context;

  app.get(
    "/api/conversations",
    { schema: { querystring: pageQuery, response: { 200: z.array(conversationView) } }, config: { access: "user" } },
    async (request, reply) =>
      sendPage(reply, await listConversations(context, requireViewer(request).id, request.query)),
  );

  app.get(
    "/api/conversations/:id/messages",
    {
      schema: { params: conversationIdParams, querystring: pageQuery, response: { 200: z.array(messageView) } },
      config: { access: "user" },
    },
    async (request, reply) =>
      sendPage(reply, await listMessages(context, requireViewer(request).id, request.params.id, request.query)),
  );

  app.post(
    "/api/messages",
    {
      schema: { body: sendMessageBody, response: { 201: messageView } },
      config: { access: "user" },
      // Seed-spec §5: a malformed recipient id is logged as a security warning.
      onError: async (request, _reply, error) => {
        if (!hasZodFastifySchemaValidationErrors(error)) return;
        if (error.validation.some((issue) => issue.message === MESSAGE_TEXTS.invalidRecipient)) {
          request.log.warn(
            { event: "security.invalid_recipient", userId: request.viewer?.id ?? null },
            "message refused: invalid recipient id",
          );
        }
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const message = await sendMessage(context, viewer.id, request.body, request.log);
      return reply.status(201).send(message);
    },
  );

  app.post(
    "/api/conversations/:id/mark-read",
    { schema: { params: conversationIdParams, response: { 200: unreadCountView } }, config: { access: "user" } },
    async (request) => {
      const viewer = requireViewer(request);
      return { count: await markConversationRead(context, viewer.id, request.params.id, request.log) };
    },
  );

  app.get(
    "/api/messages/unread-count",
    { schema: { response: { 200: unreadCountView } }, config: { access: "user" } },
    async (request) => ({ count: await countUnreadMessages(context, requireViewer(request).id) }),
  );
}
