import { noContent } from "@plaza/contracts/http";
import { notificationIdParams, notificationUnreadCountView, notificationView } from "@plaza/contracts/notifications";
import { pageQuery } from "@plaza/contracts/pagination";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { sendPage } from "../../lib/cursor";
import { requireViewer } from "../../plugins/session";
import {
  countUnread,
  deliverNotificationsLive,
  listNotifications,
  readAllNotifications,
  readNotification,
} from "./notifications.service";

export async function notificationsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const context = app.context;
  deliverNotificationsLive(context.db, context);

  app.get(
    "/api/notifications",
    { schema: { querystring: pageQuery, response: { 200: z.array(notificationView) } }, config: { access: "user" } },
    async (request, reply) =>
      sendPage(reply, await listNotifications(context, requireViewer(request).id, request.query)),
  );

  app.get(
    "/api/notifications/unread-count",
    { schema: { response: { 200: notificationUnreadCountView } }, config: { access: "user" } },
    async (request) => ({ count: await countUnread(context, requireViewer(request).id) }),
  );

  app.post(
    "/api/notifications/read-all",
    { schema: { response: { 204: noContent } }, config: { access: "user" } },
    async (request, reply) => {
      await readAllNotifications(context, requireViewer(request).id);
      return reply.status(204).send();
    },
  );

  app.post(
    "/api/notifications/:notificationId/read",
    { schema: { params: notificationIdParams, response: { 204: noContent } }, config: { access: "user" } },
    async (request, reply) => {
      await readNotification(context, requireViewer(request).id, request.params.notificationId);
      return reply.status(204).send();
    },
  );
}
