import cookie from "@fastify/cookie";
import { ERROR_MESSAGES } from "@plaza/contracts/errors";
import { INSTANCE_MESSAGES } from "@plaza/contracts/instance.texts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../app-context";
import { forbidden, unauthorized } from "../lib/app-error";
import { publicBaseUrl } from "../lib/mail/links";
import { hashSessionToken, type NewSession, resolveSession } from "../modules/auth/auth.service";
import type { SigningClient } from "../modules/auth/sign-in.service";
import type { SessionUser } from "../modules/users/viewer";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Writes a suspended user may still make: ending their own session. */
const WRITES_ALLOWED_WHILE_SUSPENDED = new Set(["/api/auth/logout", "/api/appeals"]);
/**
 * Writes an account waiting for approval may make: looking after the account itself (its sign-in, address,
 * password, sessions, the agreement it accepted at sign-up, its preferences, deleting it). Posting, following,
 * messaging and everything else that reaches other people waits for the approval (CONTRACT.md "Running a town's
 * Plaza").
 */
const WRITES_ALLOWED_WHILE_PENDING = [
  "/api/auth/",
  "/api/agreements/accept",
  "/api/users/preferences",
  "/api/users/delete",
  "/api/users/cancel-deletion",
];

function isAllowedWhilePending(path: string): boolean {
  return WRITES_ALLOWED_WHILE_PENDING.some((allowed) =>
    allowed.endsWith("/") ? path.startsWith(allowed) : path === allowed,
  );
}

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

/** The signed-in moderator (superusers are moderators too), or 401/403: the moderation queue's access level. */
export function requireModerator(request: FastifyRequest): SessionUser {
  const viewer = requireViewer(request);
  if (!viewer.isModerator && !viewer.isSuperuser) {
    throw forbidden(ERROR_MESSAGES.moderatorRequired, "MODERATOR_REQUIRED");
  }
  return viewer;
}

function requireAccess(request: FastifyRequest, access: "user" | "moderator" | "superuser"): SessionUser {
  if (access === "superuser") return requireSuperuser(request);
  if (access === "moderator") return requireModerator(request);
  return requireViewer(request);
}

/**
 * Resolves the session cookie into `request.viewer` for every API request and refuses writes from suspended
 * accounts (docs/PRODUCT.md: they can sign in and read, and get 403 on every write) and, but for the account's own
 * care, from accounts waiting for approval or refused.
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
    const viewer = requireAccess(request, access);
    const path = request.url.split("?")[0] ?? "";
    if (viewer.isSuspended && !SAFE_METHODS.has(request.method) && !WRITES_ALLOWED_WHILE_SUSPENDED.has(path)) {
      throw forbidden(ERROR_MESSAGES.suspended, "SUSPENDED");
    }
    if (viewer.registrationStatus !== "active" && !SAFE_METHODS.has(request.method) && !isAllowedWhilePending(path)) {
      throw viewer.registrationStatus === "pending"
        ? forbidden(INSTANCE_MESSAGES.accountPending, "ACCOUNT_PENDING")
        : forbidden(INSTANCE_MESSAGES.accountRejected, "ACCOUNT_REJECTED");
    }
  });
}
