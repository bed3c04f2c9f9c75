import { loginBody, registerBody, superuserView } from "@plaza/contracts/auth";
import { noContent as noBody, redirect as redirected } from "@plaza/contracts/http";
import { selfUserView } from "@plaza/contracts/users";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { noContent, ok, redirect, route, signedIn, signedUp } from "../../lib/route";
import { requireViewer, signingClient } from "../../plugins/session";
import {
  currentUser,
  endBrowserSession,
  logIn,
  loginPage,
  signOutNavigation,
  signUp,
  superuserStatus,
} from "./sign-in.service";

/** Stricter per-address limits on sign-up and sign-in (off with IP_RATE_LIMITS=off). */
const SIGN_IN_RATE_LIMIT = { max: 20, timeWindow: 60_000 };
const SIGN_UP_RATE_LIMIT = { max: 10, timeWindow: 60_000 };

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const context = app.context;

  route(
    app,
    "POST",
    "/api/auth/register",
    {
      schema: {
        summary: "Create an account and sign in",
        description: "Sets the session cookie. An existing session of this browser ends.",
        errors: {
          400: "A field is invalid, the instance's rules were not accepted, or the invite code is missing or invalid",
          403: "Sign-up is closed",
          409: "The email or the username is already taken",
        },
        body: registerBody,
        response: { 201: selfUserView },
      },
      config: { rateLimit: SIGN_UP_RATE_LIMIT },
    },
    async (request) => signedUp(await signUp(context, request.body, signingClient(request))),
  );

  route(
    app,
    "POST",
    "/api/auth/login",
    {
      schema: {
        summary: "Sign in",
        description: "Sets a new session cookie; the browser's previous session ends.",
        errors: { 401: "Wrong email or password", 429: "Too many failed attempts for this email from this address" },
        body: loginBody,
        response: { 200: selfUserView },
      },
      config: { rateLimit: SIGN_IN_RATE_LIMIT },
    },
    async (request) => signedIn(await logIn(context, request.body, signingClient(request))),
  );

  route(
    app,
    "POST",
    "/api/auth/logout",
    {
      schema: {
        summary: "Sign out (end this session)",
        response: { 204: noBody },
      },
    },
    async (request) => noContent(await endBrowserSession(context, request.sessionId), "clear"),
  );

  route(
    app,
    "GET",
    "/api/auth/user",
    {
      schema: {
        summary: "The signed-in user",
        errors: { 401: "Not signed in" },
        response: { 200: selfUserView },
      },
    },
    async (request) => ok(currentUser(requireViewer(request))),
  );

  route(
    app,
    "GET",
    "/api/auth/superuser",
    {
      schema: {
        summary: "Whether the signed-in user is a superuser",
        response: { 200: superuserView },
      },
    },
    async (request) => ok(superuserStatus(request.viewer)),
  );

  // Sign-in and sign-out are full-page navigations (docs/PRODUCT.md §2).
  route(
    app,
    "GET",
    "/api/login",
    {
      schema: {
        summary: "Go to the sign-in page (navigation)",
        description: "Keeps a safe `returnTo`.",
        querystring: z.object({ returnTo: z.string().optional() }),
        response: { 302: redirected },
      },
    },
    async (request) => redirect(loginPage(request.query.returnTo)),
  );

  /**
   * A GET that ends the session, because sign-out is a navigation (docs/PRODUCT.md §2). Deliberate exception to
   * "no state change on GET": the worst a forged request can do is sign the user out (SameSite=Lax keeps
   * the cookie off cross-site subresource requests anyway).
   */
  route(
    app,
    "GET",
    "/api/logout",
    {
      schema: {
        summary: "Sign out and go to the landing page (navigation)",
        description: "A GET that ends the session, because sign-out is a navigation of the web app.",
        response: { 302: redirected },
      },
    },
    async (request) => redirect(await signOutNavigation(context, request.sessionId), "clear"),
  );
}
