import { noContent as noBody } from "@plaza/contracts/http";
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
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { created, noContent, ok, page, route } from "../../lib/route";
import { requireViewer } from "../../plugins/session";
import {
  getUnreadMessageCount,
  listConversations,
  listMessages,
  readConversation,
  sendMessage,
  signalTyping,
} from "./messaging.service";

/** Direct messages: conversations, messages, read state and the unread total (docs/PRODUCT.md §7). */
export async function messagingRoutes(app: FastifyInstance): Promise<void> {
  conversationRoutes(app);
  messageRoutes(app);
}

/** Conversations: the list, their messages, read state and typing. */
function conversationRoutes(app: FastifyInstance): void {
  const context = app.context;

  route(
    app,
    "GET",
    "/api/conversations",
    {
      schema: {
        summary: "Your conversations, most recent activity first",
        querystring: pageQuery,
        response: { 200: conversationPage },
      },
      config: { access: "user" },
    },
    async (request) => page(await listConversations(context, requireViewer(request).id, request.query)),
  );

  route(
    app,
    "GET",
    "/api/conversations/:id/messages",
    {
      schema: {
        summary: "Messages of a conversation",
        errors: { 404: "No such conversation, or you are not in it" },
        params: conversationIdParams,
        querystring: pageQuery,
        response: { 200: messagePage },
      },
      config: { access: "user" },
    },
    async (request) => page(await listMessages(context, requireViewer(request).id, request.params.id, request.query)),
  );

  route(
    app,
    "POST",
    "/api/conversations/:id/mark-read",
    {
      schema: {
        summary: "Mark a conversation read",
        errors: { 404: "No such conversation, or you are not in it" },
        params: conversationIdParams,
        response: { 200: unreadCountView },
      },
      config: { access: "user" },
    },
    async (request) => ok(await readConversation(context, requireViewer(request).id, request.params.id, request.log)),
  );

  route(
    app,
    "POST",
    "/api/conversations/:id/typing",
    {
      schema: {
        summary: "Tell the other participant you are typing",
        description: `Their open tabs receive a \`typing\` live event, at most one every ${TYPING_SIGNAL_INTERVAL_MS / 1000} s.`,
        errors: { 403: "A block either way", 404: "No such conversation, or you are not in it" },
        params: conversationIdParams,
        response: { 204: noBody },
      },
      config: { access: "user" },
    },
    async (request) =>
      noContent(await signalTyping(context, requireViewer(request).id, request.params.id, request.log)),
  );
}

/** Sending a message, and the unread total. */
function messageRoutes(app: FastifyInstance): void {
  const context = app.context;

  route(
    app,
    "POST",
    "/api/messages",
    {
      schema: {
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
    async (request) => created(await sendMessage(context, requireViewer(request), request.body, request.log)),
  );

  route(
    app,
    "GET",
    "/api/messages/unread-count",
    {
      schema: {
        summary: "Unread messages, in total",
        response: { 200: unreadCountView },
      },
      config: { access: "user" },
    },
    async (request) => ok(await getUnreadMessageCount(context, requireViewer(request).id)),
  );
}
