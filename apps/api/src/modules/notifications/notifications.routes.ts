import { noContent as noBody } from "@plaza/contracts/http";
import { notificationIdParams, notificationPage, notificationUnreadCountView } from "@plaza/contracts/notifications";
import { pageQuery } from "@plaza/contracts/pagination";
import type { FastifyInstance } from "fastify";
import { noContent, ok, page, route } from "../../lib/route";
import { requireViewer } from "../../plugins/session";
import { getUnreadCount, listNotifications, readAllNotifications, readNotification } from "./notifications.service";

export async function notificationsRoutes(app: FastifyInstance): Promise<void> {
  const context = app.context;

  route(
    app,
    "GET",
    "/api/notifications",
    {
      schema: {
        summary: "Your notifications, newest first",
        querystring: pageQuery,
        response: { 200: notificationPage },
      },
      config: { access: "user" },
    },
    async (request) => page(await listNotifications(context, requireViewer(request).id, request.query)),
  );

  route(
    app,
    "GET",
    "/api/notifications/unread-count",
    {
      schema: {
        summary: "Unread notifications",
        response: { 200: notificationUnreadCountView },
      },
      config: { access: "user" },
    },
    async (request) => ok(await getUnreadCount(context, requireViewer(request).id)),
  );

  route(
    app,
    "POST",
    "/api/notifications/read-all",
    {
      schema: {
        summary: "Mark every notification read",
        response: { 204: noBody },
      },
      config: { access: "user" },
    },
    async (request) => noContent(await readAllNotifications(context, requireViewer(request).id)),
  );

  route(
    app,
    "POST",
    "/api/notifications/:notificationId/read",
    {
      schema: {
        summary: "Mark one notification read",
        errors: { 404: "No such notification" },
        params: notificationIdParams,
        response: { 204: noBody },
      },
      config: { access: "user" },
    },
    async (request) =>
      noContent(await readNotification(context, requireViewer(request).id, request.params.notificationId)),
  );
}
