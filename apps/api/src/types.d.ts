import type { AppContext } from "./app-context";
import type { SessionUser } from "./modules/users/viewer";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Who may call the route: checked before validation (401, then 403 for suspended writers). */
    access?: "public" | "user" | "moderator" | "superuser";
  }
  interface FastifyInstance {
    context: AppContext;
    /**
     * Starts a graceful shutdown: /readyz answers 503 and every answer closes its connection (no idle keep-alive
     * connection is left to be cut when the server stops listening). server.ts calls it on SIGTERM.
     */
    beginDraining(): void;
  }
  interface FastifyRequest {
    /** The signed-in user, or null; resolved from the session cookie before any handler. */
    viewer: SessionUser | null;
    /** The hash of the current session token, when there is one. */
    sessionId: string | null;
  }
}
