import { noContent } from "@plaza/contracts/http";
import { notificationIdParams, notificationPage, notificationUnreadCountView } from "@plaza/contracts/notifications";
import { pageQuery } from "@plaza/contracts/pagination";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { sendPage } from "../../lib/cursor";
import { requireViewer } from "../../plugins/session";
import { countUnread, listNotifications, readAllNotifications, readNotification } from "./notifications.service";

export async function notificationsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const context = app.context;

  app.get(
    "/api/notifications",
    {
      schema: {
        tags: ["Notifications"],
        operationId: "getNotifications",
        summary: "Your notifications, newest first",
        querystring: pageQuery,
        response: { 200: notificationPage },
      },
      config: { access: "user" },
    },
    async (request, reply) =>
      sendPage(reply, await listNotifications(context, requireViewer(request).id, request.query)),
  );

  app.get(
    "/api/notifications/unread-count",
    {
      schema: {
        tags: ["Notifications"],
        operationId: "getNotificationsUnreadCount",
        summary: "Unread notifications",
        response: { 200: notificationUnreadCountView },
      },
      config: { access: "user" },
    },
    async (request) => ({ count: await countUnread(context, requireViewer(request).id) }),
  );

  app.post(
    "/api/notifications/read-all",
    {
      schema: {
        tags: ["Notifications"],
        operationId: "postNotificationsReadAll",
        summary: "Mark every notification read",
        response: { 204: noContent },
      },
      config: { access: "user" },
    },
    async (request, reply) => {
      await readAllNotifications(context, requireViewer(request).id);
      return reply.status(204).send();
    },
  );

  app.post(
    "/api/notifications/:notificationId/read",
    {
      schema: {
        tags: ["Notifications"],
        operationId: "postNotificationsByNotificationIdRead",
        summary: "Mark one notification read",
        errors: { 404: "No such notification" },
        params: notificationIdParams,
        response: { 204: noContent },
      },
      config: { access: "user" },
    },
    async (request, reply) => {
      await readNotification(context, requireViewer(request).id, request.params.notificationId);
      return reply.status(204).send();
    },
  );
}
