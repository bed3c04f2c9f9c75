import { randomUUID } from "node:crypto";
import { ERROR_MESSAGES } from "@plaza/contracts/errors";
import { LIVE_EVENTS_PATH, LIVE_READY_EVENT } from "@plaza/contracts/messaging";
import type { FastifyInstance } from "fastify";
import type { WebSocket } from "ws";
import { z } from "zod";
import { forbidden } from "../../lib/app-error";
import type { LiveEvent } from "../../lib/live-events";
import { isSameOrigin } from "../../plugins/security";
import { sessionCookieName } from "../../plugins/session";
import { resolveSession } from "../auth/auth.service";
import { recordActivity } from "../users/users.repository";

const CLOSE_SESSION_ENDED = 4001;
const CLOSE_GOING_AWAY = 1001;

interface LiveConnection {
  id: string;
  userId: string;
  socket: WebSocket;
  sessionToken: string;
  isAlive: boolean;
}

/**
 * `GET /api/live`: a WebSocket carrying the signed-in user's live events (new messages, unread counts,
 * notifications) to every open tab. Needs a session cookie (401 otherwise) and a same-site Origin (403), so
 * another site cannot open it with the user's cookie. Requires @fastify/websocket to be registered.
 */
export async function liveEventsRoutes(app: FastifyInstance): Promise<void> {
  const context = app.context;
  const connections = new Set<LiveConnection>();

  // Presence: the connection's lease is renewed at every heartbeat it answers; lastActiveAt is written at connect,
  // at most once a minute while open, and at close.
  const markActive = (connection: Pick<LiveConnection, "id" | "userId">, force: boolean) =>
    Promise.all([
      context.presence.touch(connection.userId, connection.id).catch(() => undefined),
      recordActivity(context.db, connection.userId, context.clock.now(), force).catch(() => undefined),
    ]);

  // Every LIVE_HEARTBEAT_MS: drop connections that missed the previous pong, and those whose session ended.
  const heartbeat = setInterval(() => {
    for (const connection of connections) {
      if (!connection.isAlive) {
        connection.socket.terminate();
        continue;
      }
      connection.isAlive = false;
      connection.socket.ping();
      void markActive(connection, false);
      void resolveSession(context, connection.sessionToken).then(
        (viewer) => {
          if (!viewer) connection.socket.close(CLOSE_SESSION_ENDED, "session ended");
        },
        () => undefined,
      );
    }
  }, context.env.LIVE_HEARTBEAT_MS);
  heartbeat.unref();

  app.addHook("preClose", async () => {
    clearInterval(heartbeat);
    for (const connection of connections) connection.socket.close(CLOSE_GOING_AWAY, "server shutting down");
  });

  app.get(
    LIVE_EVENTS_PATH,
    {
      websocket: true,
      schema: {
        summary: "Live events (WebSocket)",
        description:
          "Upgrade to a WebSocket carrying `message.created`, `unread.changed` and `notification.created` events " +
          "for the signed-in user (shapes in contracts/messaging). A foreign Origin is refused.",
        errors: { 403: "Cross-site request refused (Origin)", 404: "Not a WebSocket upgrade request" },
        docResponses: { 101: z.undefined().describe("Switching to the WebSocket protocol") },
      },
      config: { access: "user" },
      onRequest: async (request) => {
        const origin = request.headers.origin;
        if (origin !== undefined && !isSameOrigin(request, origin, context.env)) {
          throw forbidden(ERROR_MESSAGES.forbiddenOrigin, "CROSS_SITE");
        }
      },
    },
    async (socket, request) => {
      const viewer = request.viewer;
      const sessionToken = request.cookies[sessionCookieName(context)];
      if (!viewer || !sessionToken) {
        socket.close(CLOSE_SESSION_ENDED, "session required");
        return;
      }
      const connection: LiveConnection = { id: randomUUID(), userId: viewer.id, socket, sessionToken, isAlive: true };
      connections.add(connection);
      const registered = markActive(connection, true);
      const send = (event: LiveEvent) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
      };
      const unsubscribe = context.liveEvents.subscribe(viewer.id, send);
      socket.on("pong", () => {
        connection.isAlive = true;
      });
      socket.on("close", () => {
        unsubscribe();
        connections.delete(connection);
        void context.presence.leave(viewer.id, connection.id).catch(() => undefined);
        void recordActivity(context.db, viewer.id, context.clock.now(), true).catch(() => undefined);
      });
      socket.on("error", () => socket.terminate());
      // Incoming frames carry nothing we act on; the connection is receive-only.
      socket.on("message", () => {});
      await Promise.all([context.liveEvents.whenSubscribed(viewer.id), registered]);
      send({ type: LIVE_READY_EVENT, payload: {} });
    },
  );
}
