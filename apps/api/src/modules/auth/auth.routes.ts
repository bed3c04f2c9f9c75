import { loginBody, registerBody, safeReturnTo, superuserView } from "@plaza/contracts/auth";
import { noContent, redirect } from "@plaza/contracts/http";
import { selfUserView } from "@plaza/contracts/users";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { unauthorized } from "../../lib/app-error";
import { publicBaseUrl } from "../../lib/mail/links";
import { clearSessionCookie, requireViewer, setSessionCookie } from "../../plugins/session";
import { presentSelf } from "../users/users.presenter";
import { registerUser, signIn, signOut } from "./auth.service";

/** Stricter per-address limits on sign-up and sign-in (off with IP_RATE_LIMITS=off). */
const SIGN_IN_RATE_LIMIT = { max: 20, timeWindow: 60_000 };
const SIGN_UP_RATE_LIMIT = { max: 10, timeWindow: 60_000 };

export async function authRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const context = app.context;

  app.post(
    "/api/auth/register",
    {
      schema: {
        tags: ["Auth"],
        operationId: "postAuthRegister",
        summary: "Create an account and sign in",
        description: "Sets the session cookie. An existing session of this browser ends.",
        errors: { 409: "The email or the username is already taken" },
        body: registerBody,
        response: { 201: selfUserView },
      },
      config: { rateLimit: SIGN_UP_RATE_LIMIT },
    },
    async (request, reply) => {
      const { user, session } = await registerUser(
        context,
        request.body,
        request.headers["user-agent"],
        publicBaseUrl(context.env, request),
      );
      if (request.sessionId) await signOut(context, request.sessionId);
      setSessionCookie(reply, context, session);
      request.log.info({ userId: user.id, event: "register" }, "account created");
      return reply.status(201).send(presentSelf(user));
    },
  );

  app.post(
    "/api/auth/login",
    {
      schema: {
        tags: ["Auth"],
        operationId: "postAuthLogin",
        summary: "Sign in",
        description: "Sets a new session cookie; the browser's previous session ends.",
        errors: { 401: "Wrong email or password", 429: "Too many failed attempts for this email from this address" },
        body: loginBody,
        response: { 200: selfUserView },
      },
      config: { rateLimit: SIGN_IN_RATE_LIMIT },
    },
    async (request, reply) => {
      try {
        const { user, session } = await signIn(context, request.body, request.headers["user-agent"], request.ip);
        // Rotation: the session the browser had before signing in ends here.
        if (request.sessionId) await signOut(context, request.sessionId);
        setSessionCookie(reply, context, session);
        request.log.info({ userId: user.id, event: "login", result: "success" }, "sign-in");
        return presentSelf(user);
      } catch (error) {
        request.log.info({ event: "login", result: "failure" }, "sign-in refused");
        throw error;
      }
    },
  );

  app.post(
    "/api/auth/logout",
    {
      schema: {
        tags: ["Auth"],
        operationId: "postAuthLogout",
        summary: "Sign out (end this session)",
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      if (request.sessionId) await signOut(context, request.sessionId);
      clearSessionCookie(reply, context);
      return reply.status(204).send();
    },
  );

  app.get(
    "/api/auth/user",
    {
      schema: {
        tags: ["Auth"],
        operationId: "getAuthUser",
        summary: "The signed-in user",
        errors: { 401: "Not signed in" },
        response: { 200: selfUserView },
      },
    },
    async (request) => {
      if (!request.viewer) throw unauthorized();
      return presentSelf(requireViewer(request));
    },
  );

  app.get(
    "/api/auth/superuser",
    {
      schema: {
        tags: ["Auth"],
        operationId: "getAuthSuperuser",
        summary: "Whether the signed-in user is a superuser",
        response: { 200: superuserView },
      },
    },
    async (request) => ({
      isSuperuser: request.viewer?.isSuperuser ?? false,
    }),
  );

  // Sign-in and sign-out are full-page navigations (docs/PRODUCT.md §2).
  app.get(
    "/api/login",
    {
      schema: {
        tags: ["Auth"],
        operationId: "getLogin",
        summary: "Go to the sign-in page (navigation)",
        description: "Keeps a safe `returnTo`.",
        querystring: z.object({ returnTo: z.string().optional() }),
        response: { 302: redirect },
      },
    },
    async (request, reply) => {
      const returnTo = safeReturnTo(request.query.returnTo);
      return reply.redirect(returnTo === "/" ? "/login" : `/login?returnTo=${encodeURIComponent(returnTo)}`);
    },
  );

  /**
   * A GET that ends the session, because sign-out is a navigation (docs/PRODUCT.md §2). Deliberate exception to
   * "no state change on GET": the worst a forged request can do is sign the user out (SameSite=Lax keeps
   * the cookie off cross-site subresource requests anyway).
   */
  app.get(
    "/api/logout",
    {
      schema: {
        tags: ["Auth"],
        operationId: "getLogout",
        summary: "Sign out and go to the landing page (navigation)",
        description: "A GET that ends the session, because sign-out is a navigation of the web app.",
        response: { 302: redirect },
      },
    },
    async (request, reply) => {
      if (request.sessionId) await signOut(context, request.sessionId);
      clearSessionCookie(reply, context);
      return reply.redirect("/");
    },
  );
}
