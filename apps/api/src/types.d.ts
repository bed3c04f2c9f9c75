import type { AppContext } from "./app-context";
import type { SessionUser } from "./modules/auth/auth.service";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Who may call the route: checked before validation (401, then 403 for suspended writers). */
    access?: "public" | "user" | "superuser";
  }
  interface FastifyInstance {
    context: AppContext;
  }
  interface FastifyRequest {
    /** The signed-in user, or null; resolved from the session cookie before any handler. */
    viewer: SessionUser | null;
    /** The hash of the current session token, when there is one. */
    sessionId: string | null;
  }
}
