import type { FastifyInstance } from "fastify";
import type { AppContext } from "../app-context";
import { parseLsn, ReplicaSet } from "../db/replicas";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The route's plain reads may be answered by a read replica (DATABASE_REPLICA_URLS): a read where a few
     * seconds' lag on other people's writes is what any reader of a feed expects. The reader's own writes are
     * always seen (the `plaza_lsn` cookie, db/replicas.ts).
     */
    readsReplica?: boolean;
  }
}

/** The primary's WAL position after this browser's last write. */
export const WRITE_POSITION_COOKIE = "plaza_lsn";
/** Longer than any lag a replica is used at (DATABASE_REPLICA_MAX_LAG_MS caps it at ten minutes). */
const WRITE_POSITION_MAX_AGE_S = 600;
const READ_METHODS = new Set(["GET", "HEAD"]);
const WRITE_POSITION_PATTERN = new RegExp(`(?:^|;\\s*)${WRITE_POSITION_COOKIE}=([0-9A-Fa-f]{1,8}/[0-9A-Fa-f]{1,8})`);

/**
 * With read replicas: a GET of a route that opts in (`config.readsReplica`) runs with its plain reads on a replica
 * that has replayed this browser's last write; a request that wrote answers with the position its writes reached.
 * Registered before the session plugin, so the session lookup of such a request reads there too.
 */
export function registerReplicaReads(app: FastifyInstance, context: AppContext): void {
  const replicas = context.database.replicas;
  if (!replicas) return;
  app.addHook("onRequest", (request, _reply, done) => {
    if (!READ_METHODS.has(request.method) || !request.routeOptions.config.readsReplica) return done();
    // Read from the header: the cookie plugin parses cookies in a hook that runs after this one.
    const written = WRITE_POSITION_PATTERN.exec(request.headers.cookie ?? "")?.[1];
    const replica = replicas.choose(parseLsn(written));
    // The rest of the request (hooks, handler) runs inside this context, so its queries see the choice.
    ReplicaSet.runReadingFrom(replica, done);
  });
  app.addHook("onSend", async (request, reply, payload) => {
    if (READ_METHODS.has(request.method) || request.method === "OPTIONS" || reply.statusCode >= 400) return payload;
    if (!request.url.startsWith("/api/")) return payload;
    const position = await replicas.primaryPosition().catch(() => null);
    if (position) {
      reply.setCookie(WRITE_POSITION_COOKIE, position, {
        path: "/",
        httpOnly: true,
        sameSite: "lax",
        secure: context.env.PUBLIC_URL?.startsWith("https:") ?? false,
        maxAge: WRITE_POSITION_MAX_AGE_S,
      });
    }
    return payload;
  });
}
