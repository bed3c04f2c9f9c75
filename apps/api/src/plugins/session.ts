import cookie from "@fastify/cookie";
import { ERROR_MESSAGES } from "@plaza/contracts/errors";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../app-context";
import { forbidden, unauthorized } from "../lib/app-error";
import { publicBaseUrl } from "../lib/mail/links";
import { hashSessionToken, type NewSession, resolveSession, type SessionUser } from "../modules/auth/auth.service";
import type { SigningClient } from "../modules/auth/sign-in.service";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Writes a suspended user may still make: ending their own session. */
const WRITES_ALLOWED_WHILE_SUSPENDED = new Set(["/api/auth/logout"]);

/** On https the cookie carries the __Host- prefix (Secure, Path=/, no Domain); on plain http it cannot. */
export function sessionCookieName(context: AppContext): string {
  return isSecure(context) ? "__Host-plaza_session" : "plaza_session";
}

function isSecure(context: AppContext): boolean {
  return context.env.PUBLIC_URL?.startsWith("https:") ?? false;
}

export function setSessionCookie(reply: FastifyReply, context: AppContext, session: NewSession): void {
  reply.setCookie(sessionCookieName(context), session.token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: isSecure(context),
    expires: session.expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, context: AppContext): void {
  reply.clearCookie(sessionCookieName(context), {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: isSecure(context),
  });
}

/** The signed-in user, or 401. */
export function requireViewer(request: FastifyRequest): SessionUser {
  if (!request.viewer) throw unauthorized();
  return request.viewer;
}

/** The signed-in user and this browser's session (a push subscription belongs to both), or 401. */
export function requireSession(request: FastifyRequest): { userId: string; sessionId: string } {
  const viewer = requireViewer(request);
  if (!request.sessionId) throw unauthorized();
  return { userId: viewer.id, sessionId: request.sessionId };
}

/** The browser signing in or up: its session so far, address, user agent, this server's address and the log. */
export function signingClient(request: FastifyRequest): SigningClient {
  return {
    sessionId: request.sessionId,
    ip: request.ip,
    userAgent: request.headers["user-agent"],
    baseUrl: publicBaseUrl(request.server.context.env, request),
    log: request.log,
  };
}

/** The signed-in superuser, or 401/403 (docs/PRODUCT.md §6). */
export function requireSuperuser(request: FastifyRequest): SessionUser {
  const viewer = requireViewer(request);
  if (!viewer.isSuperuser) throw forbidden(ERROR_MESSAGES.superuserRequired, "SUPERUSER_REQUIRED");
  return viewer;
}

/**
 * Resolves the session cookie into `request.viewer` for every API request and refuses writes from suspended
 * accounts (docs/PRODUCT.md: they can sign in and read, and get 403 on every write).
 */
export async function registerSession(app: FastifyInstance, context: AppContext): Promise<void> {
  await app.register(cookie);
  app.decorateRequest("viewer", null);
  app.decorateRequest("sessionId", null);
  app.addHook("onRequest", async (request) => {
    if (!request.url.startsWith("/api/")) return;
    const token = request.cookies[sessionCookieName(context)];
    if (!token || token.length > 100) return;
    const viewer = await resolveSession(context, token);
    if (!viewer) return;
    request.viewer = viewer;
    request.sessionId = hashSessionToken(token);
  });
  // Before validation, so an anonymous request with a bad body gets 401, not 400.
  app.addHook("preValidation", async (request) => {
    const access = request.routeOptions.config.access ?? "public";
    if (access === "public") return;
    const viewer = access === "superuser" ? requireSuperuser(request) : requireViewer(request);
    const path = request.url.split("?")[0] ?? "";
    if (viewer.isSuspended && !SAFE_METHODS.has(request.method) && !WRITES_ALLOWED_WHILE_SUSPENDED.has(path)) {
      throw forbidden(ERROR_MESSAGES.suspended, "SUSPENDED");
    }
  });
}
