import { noContent } from "@plaza/contracts/http";
import {
  conversationIdParams,
  conversationPage,
  MESSAGE_TEXTS,
  messagePage,
  messageView,
  sendMessageBody,
  TYPING_SIGNAL_INTERVAL_MS,
  unreadCountView,
} from "@plaza/contracts/messaging";
import { pageQuery } from "@plaza/contracts/pagination";
import type { FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, type ZodTypeProvider } from "fastify-type-provider-zod";
import { sendPage } from "../../lib/cursor";
import { requireViewer } from "../../plugins/session";
import {
  countUnreadMessages,
  listConversations,
  listMessages,
  markConversationRead,
  sendMessage,
  signalTyping,
} from "./messaging.service";

/** Direct messages: conversations, messages, read state and the unread total (docs/PRODUCT.md §7). */
export async function messagingRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const context = app.context;

  app.get(
    "/api/conversations",
    {
      schema: {
        tags: ["Messaging"],
        operationId: "getConversations",
        summary: "Your conversations, most recent activity first",
        querystring: pageQuery,
        response: { 200: conversationPage },
      },
      config: { access: "user" },
    },
    async (request, reply) =>
      sendPage(reply, await listConversations(context, requireViewer(request).id, request.query)),
  );

  app.get(
    "/api/conversations/:id/messages",
    {
      schema: {
        tags: ["Messaging"],
        operationId: "getConversationsByIdMessages",
        summary: "Messages of a conversation",
        errors: { 404: "No such conversation, or you are not in it" },
        params: conversationIdParams,
        querystring: pageQuery,
        response: { 200: messagePage },
      },
      config: { access: "user" },
    },
    async (request, reply) =>
      sendPage(reply, await listMessages(context, requireViewer(request).id, request.params.id, request.query)),
  );

  app.post(
    "/api/messages",
    {
      schema: {
        tags: ["Messaging"],
        operationId: "postMessages",
        summary: "Send a direct message",
        errors: {
          403: "A block, or the recipient's message settings, refuse it",
          404: "No such recipient",
          429: "Sending too fast",
        },
        body: sendMessageBody,
        response: { 201: messageView },
      },
      config: { access: "user" },
      // docs/PRODUCT.md §5 "Messages": a malformed recipient id is logged as a security warning.
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
    {
      schema: {
        tags: ["Messaging"],
        operationId: "postConversationsByIdMarkRead",
        summary: "Mark a conversation read",
        errors: { 404: "No such conversation, or you are not in it" },
        params: conversationIdParams,
        response: { 200: unreadCountView },
      },
      config: { access: "user" },
    },
    async (request) => {
      const viewer = requireViewer(request);
      return { count: await markConversationRead(context, viewer.id, request.params.id, request.log) };
    },
  );

  app.post(
    "/api/conversations/:id/typing",
    {
      schema: {
        tags: ["Messaging"],
        operationId: "postConversationsByIdTyping",
        summary: "Tell the other participant you are typing",
        description: `Their open tabs receive a \`typing\` live event, at most one every ${TYPING_SIGNAL_INTERVAL_MS / 1000} s.`,
        errors: { 403: "A block either way", 404: "No such conversation, or you are not in it" },
        params: conversationIdParams,
        response: { 204: noContent },
      },
      config: { access: "user" },
    },
    async (request, reply) => {
      await signalTyping(context, requireViewer(request).id, request.params.id, request.log);
      return reply.status(204).send();
    },
  );

  app.get(
    "/api/messages/unread-count",
    {
      schema: {
        tags: ["Messaging"],
        operationId: "getMessagesUnreadCount",
        summary: "Unread messages, in total",
        response: { 200: unreadCountView },
      },
      config: { access: "user" },
    },
    async (request) => ({ count: await countUnreadMessages(context, requireViewer(request).id) }),
  );
}
