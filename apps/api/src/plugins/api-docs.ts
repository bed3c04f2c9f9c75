import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { businessPage, businessView } from "@plaza/contracts/businesses";
import { couponPage, couponView, redemptionPage, redemptionView } from "@plaza/contracts/coupons";
import { ERROR_MESSAGES, errorBody } from "@plaza/contracts/errors";
import { conversationPage, conversationView, messagePage, messageView } from "@plaza/contracts/messaging";
import { notificationPage, notificationView } from "@plaza/contracts/notifications";
import { idempotencyKeyHeaders, walletView } from "@plaza/contracts/payments";
import { commentPage, commentView, postPage, postView } from "@plaza/contracts/posts";
import { profileView, selfUserView, userSummaryPage, userSummaryView } from "@plaza/contracts/users";
import type { FastifyInstance, FastifyPluginAsync, RouteOptions } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../app-context";
import { operationIdOf } from "../lib/route";
import { sessionCookieName } from "./session";

/** One tag per API module, in the order the documentation page lists them. */
export const API_TAGS = [
  {
    name: "Auth",
    description:
      "Sign-up, sign-in and sign-out (session cookie), email verification, password reset, sessions, two-factor",
  },
  { name: "Users", description: "Profiles, settings, account export and deletion" },
  { name: "Follows", description: "Following people and follow requests to private accounts" },
  { name: "Blocks", description: "Blocking people" },
  { name: "Posts", description: "Posts, feed, trending, likes and comments" },
  { name: "Uploads", description: "Uploads and stored objects (pictures, videos)" },
  { name: "Messaging", description: "Direct messages and the live-events WebSocket" },
  { name: "Notifications", description: "In-app notifications" },
  { name: "Push", description: "Web Push: the VAPID key and this device's push subscription" },
  { name: "Businesses", description: "Business profiles, verified check-ins, reviews and analytics" },
  { name: "Coupons", description: "Coupons and their redemptions" },
  { name: "Events", description: "Events: RSVPs with capacity and a waitlist, recurring series, calendar files" },
  { name: "Partnerships", description: "Businesses and creators together: invitations and subscriber perks" },
  { name: "Search", description: "Searching people, businesses and posts" },
  { name: "Places", description: "Place names for points, from an offline gazetteer" },
  { name: "Payments", description: "Tips, pay-per-view unlocks, subscriptions and the wallet (integer cents)" },
  { name: "Agreements", description: "The user agreement" },
  { name: "Reports", description: "Reporting content and resolving reports" },
  { name: "Federation", description: "Being found and followed from other servers (ActivityPub, FEDERATION=on)" },
  {
    name: "Moderation",
    description: "The report queue, moderators, actions with notices and appeals, blocked email domains",
  },
  { name: "Admin", description: "Moderation and system status (superusers only)" },
  { name: "Instance", description: "This town's own name, rules and sign-up mode, invites and pending accounts" },
  { name: "System", description: "Health checks" },
  { name: "Demo", description: "The demo town (only when DEMO_DATA is on)" },
] as const;

export type ApiTag = (typeof API_TAGS)[number]["name"];

/**
 * A module's routes, registered so that each route it declares is documented under the module's tag: the tag is
 * said once, where the module is registered (app.ts), not on every route. A route that names its own `tags` keeps
 * them (a business's customer photos, served by the posts module, are listed with the businesses).
 */
export function taggedRoutes(tag: ApiTag, routes: FastifyPluginAsync): FastifyPluginAsync {
  return async (scope) => {
    scope.addHook("onRoute", (options) => {
      // A new schema object, set on the route's options that @fastify/swagger keeps and reads when it documents.
      options.schema = { ...options.schema, tags: options.schema?.tags ?? [tag] };
    });
    await scope.register(routes);
  };
}

/** Errors a route's own rules answer, by status, with their reasons (`errors` in the route's schema options). */
export type RouteErrors = Partial<Record<number, string>>;

type DocumentedAnswer = z.ZodType | { description: string; content: Record<string, { schema: z.ZodType }> };

/**
 * What a route's schema options say for the document beside its shapes (summary, tags, operationId and
 * description come from @fastify/swagger). Documentation only: nothing here changes how a request is handled.
 */
declare module "fastify" {
  interface FastifySchema {
    /** The errors the route's own rules answer; validation, access and limits are added from its shape. */
    errors?: RouteErrors;
    /** Takes a body that is not JSON (an upload), so it can answer 413 and 415 without a body schema. */
    takesRawBody?: boolean;
    /** Answers of routes that send no JSON (images, health checks, the WebSocket upgrade). */
    docResponses?: Record<number, DocumentedAnswer>;
  }
}

/** The documentation page; the OpenAPI document is at `${API_DOCS_PATH}/json` (and `/yaml`). */
export const API_DOCS_PATH = "/api/docs";
export const SESSION_SECURITY_SCHEME = "session";

/**
 * The contracts' main objects by the name they have in the document (`#/components/schemas/Post`, ...), so the
 * document and a client generated from it have one named type per object (and per page of a list) instead of
 * inline copies. Registered in zod's registry, which fastify-type-provider-zod turns into components.
 */
const NAMED_SCHEMAS: Record<string, z.ZodType> = {
  Error: errorBody,
  Post: postView,
  PostPage: postPage,
  Comment: commentView,
  CommentPage: commentPage,
  User: selfUserView,
  Profile: profileView,
  UserSummary: userSummaryView,
  UserSummaryPage: userSummaryPage,
  Business: businessView,
  BusinessPage: businessPage,
  Coupon: couponView,
  CouponPage: couponPage,
  Redemption: redemptionView,
  RedemptionPage: redemptionPage,
  Conversation: conversationView,
  ConversationPage: conversationPage,
  Message: messageView,
  MessagePage: messagePage,
  Notification: notificationView,
  NotificationPage: notificationPage,
  Wallet: walletView,
};
for (const [id, schema] of Object.entries(NAMED_SCHEMAS)) z.globalRegistry.add(schema, { id });

const errorSchema = errorBody;

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Reasons for the errors that follow from a route's shape, whichever route answers them. */
const SHAPE_ERRORS = {
  invalid:
    "The request does not match the schema: `message` is the first rule broken, `errors[]` lists every field " +
    "(`path`, `message`)",
  signedOut: "Not signed in",
  superuser: ERROR_MESSAGES.superuserRequired,
  moderator: ERROR_MESSAGES.moderatorRequired,
  suspended: "The account is suspended",
  crossSite: "Cross-site request refused (Sec-Fetch-Site or Origin)",
  notFound: "Not found, or not visible to you",
  tooLarge: ERROR_MESSAGES.payloadTooLarge,
  notJson: ERROR_MESSAGES.unsupportedMediaType,
  tooMany: `${ERROR_MESSAGES.tooManyRequests} (Retry-After tells how many seconds)`,
};

type Method = RouteOptions["method"];

/** The method a route is documented under (GET for GET + HEAD). */
function methodOf(method: Method): string {
  const first = Array.isArray(method) ? method.find((name) => name !== "HEAD") : method;
  return first ?? "GET";
}

interface RouteFacts {
  method: string;
  url: string;
  access: "public" | "user" | "moderator" | "superuser";
  hasBody: boolean;
  hasInput: boolean;
}

/**
 * The errors a route can answer: those its shape implies (validation, access, cross-site writes, body limits,
 * rate limits) after the ones its schema options name (404, 409, ...), each status with all its reasons.
 */
function errorReasons(facts: RouteFacts, errors: RouteErrors | undefined): Map<number, string[]> {
  const reasons = new Map<number, string[]>();
  const add = (status: number, reason: string) => reasons.set(status, [...(reasons.get(status) ?? []), reason]);
  for (const [status, reason] of Object.entries(errors ?? {})) if (reason) add(Number(status), reason);
  const isWrite = WRITE_METHODS.has(facts.method);
  if (facts.hasInput) add(400, SHAPE_ERRORS.invalid);
  if (facts.access !== "public") add(401, SHAPE_ERRORS.signedOut);
  if (facts.access === "superuser") add(403, SHAPE_ERRORS.superuser);
  if (facts.access === "moderator") add(403, SHAPE_ERRORS.moderator);
  if (facts.access !== "public" && isWrite) add(403, SHAPE_ERRORS.suspended);
  if (isWrite) add(403, SHAPE_ERRORS.crossSite);
  if (facts.url.includes("/:") && !reasons.has(404)) add(404, SHAPE_ERRORS.notFound);
  if (facts.hasBody) {
    add(413, SHAPE_ERRORS.tooLarge);
    add(415, SHAPE_ERRORS.notJson);
  }
  if (facts.url.startsWith("/api/")) add(429, SHAPE_ERRORS.tooMany);
  return reasons;
}

function errorResponse(reasons: string[]) {
  return { description: reasons.join(". "), content: { "application/json": { schema: errorSchema } } };
}

/** The routes the document shows: the API, and the others that describe themselves (health checks, stored images). */
function isDocumented(url: string, summary: string | undefined): boolean {
  return url.startsWith("/api/") || summary !== undefined;
}

type Transform = typeof jsonSchemaTransform;

/** What a raw-body route (an upload) is documented to take; the route itself tells the kind from the bytes. */
const RAW_BODY_TYPES = ["application/octet-stream", "image/jpeg", "image/png", "image/webp", "image/gif"];

/** Public routes work signed out and may answer more to a signed-in caller: the session is optional. */
const OPTIONAL_SESSION: Record<string, string[]>[] = [{}, { [SESSION_SECURITY_SCHEME]: [] }];

/**
 * Turns a route's schema options into its operation: session security from its access, the Idempotency-Key
 * header, error responses (those it names and those its shape implies, all with the Error body) and the answers of
 * non-JSON routes, then lets fastify-type-provider-zod turn the zod schemas into JSON Schema. Nothing here changes
 * how a request is handled.
 */
const transform: Transform = (document) => {
  const { url, route } = document;
  // @fastify/websocket hides its routes; the live-events socket is part of the API, so it is shown.
  const { hide, errors: ownErrors, takesRawBody, docResponses, ...schema } = document.schema ?? {};
  // A money call (lib/route.ts): the optional Idempotency-Key header and the replayed answer are documented.
  const isIdempotent = route.config?.idempotent === true;
  if (!isDocumented(url, schema.summary) || (hide && !route.websocket)) return { schema: { hide: true }, url };
  const access = route.config?.access ?? "public";
  const hasBody = schema.body !== undefined || takesRawBody === true;
  const facts = {
    method: methodOf(route.method),
    url,
    access,
    hasBody,
    hasInput: hasBody || schema.params !== undefined || schema.querystring !== undefined,
  };
  const errors = Object.fromEntries(
    [...errorReasons(facts, ownErrors)].map(([status, reasons]) => [status, errorResponse(reasons)]),
  );
  const transformed = jsonSchemaTransform({
    ...document,
    schema: {
      ...schema,
      operationId: schema.operationId ?? operationIdOf(facts.method, url),
      security: access === "public" ? OPTIONAL_SESSION : [{ [SESSION_SECURITY_SCHEME]: [] }],
      ...(isIdempotent ? { headers: idempotencyKeyHeaders } : {}),
      response: { ...errors, ...docResponses, ...(schema.response as object | undefined) },
    },
  });
  if (takesRawBody) {
    // The bytes themselves: without a request body in the document a generated client cannot make the call.
    Object.assign(transformed.schema, { consumes: RAW_BODY_TYPES, body: { type: "string", format: "binary" } });
  }
  const isList = schema.querystring instanceof z.ZodObject && "cursor" in schema.querystring.shape;
  describeResponses(transformed.schema.response as Record<string, DocumentedResponse>, { isList, isIdempotent });
  return transformed;
};

type DocumentedResponse = Record<string, unknown> & { description?: string };

const SUCCESS_DESCRIPTIONS: Record<string, string> = { 200: "OK", 201: "Created" };
/** Read by @fastify/swagger as the response's description and removed from the schema. */
const RESPONSE_DESCRIPTION = "x-response-description";

/** Success descriptions and the headers that travel with some answers (next cursor, replay, retry delay). */
function describeResponses(
  responses: Record<string, DocumentedResponse>,
  options: { isList: boolean; isIdempotent: boolean | undefined },
): void {
  for (const [status, response] of Object.entries(responses)) {
    if (response.description === undefined && response[RESPONSE_DESCRIPTION] === undefined) {
      const replayed = status === "200" && options.isIdempotent;
      response[RESPONSE_DESCRIPTION] = replayed
        ? "The first answer to this Idempotency-Key, replayed"
        : SUCCESS_DESCRIPTIONS[status];
      if (replayed) response.headers = { "idempotent-replayed": { type: "string", enum: ["true"] } };
    }
    if (status === "200" && options.isList) {
      response.headers = {
        "x-next-cursor": { type: "string", description: "The `cursor` of the next page; absent on the last page" },
      };
    }
    if (status === "429") {
      response.headers = { "retry-after": { type: "integer", description: "Seconds to wait before trying again" } };
    }
  }
}

/** The components zod registers, less those no route uses (such as the input copies). */
const transformObject: typeof jsonSchemaTransformObject = (document) => {
  const openapi = jsonSchemaTransformObject(document) as ReturnType<typeof jsonSchemaTransformObject> & {
    components?: { schemas?: Record<string, unknown> };
  };
  const schemas = openapi.components?.schemas ?? {};
  // Used: referenced from an operation, or from a used component (a page refers to its item).
  const used = new Set<string>();
  let text = JSON.stringify(openapi.paths ?? {});
  for (let grew = true; grew; ) {
    grew = false;
    for (const name of Object.keys(schemas)) {
      if (used.has(name) || !text.includes(`"#/components/schemas/${name}"`)) continue;
      used.add(name);
      text += JSON.stringify(schemas[name]);
      grew = true;
    }
  }
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
  return openapi;
};

/**
 * OpenAPI 3.1 generated from the route schemas at `/api/docs/json`, and Swagger UI at `/api/docs` served from
 * this server (its scripts and styles are files under /api/docs/static, so the app's CSP needs no exception).
 * Register before the modules: the document collects routes as they are added.
 */
export async function registerApiDocs(app: FastifyInstance, context: AppContext): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Plaza API",
        version: "1.0.0",
        description:
          "JSON over HTTP with a session cookie (set by sign-up and sign-in). Lists take `?limit=&cursor=` and " +
          "return the next cursor in the `X-Next-Cursor` header. Every error has the `Error` body. Writes from " +
          "another site are refused (403); request bodies are JSON only (415).",
        license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
      },
      // Relative: the document describes the server that serves it, whatever its address.
      servers: [{ url: "/", description: "This server" }],
      tags: [...API_TAGS],
      components: {
        securitySchemes: {
          [SESSION_SECURITY_SCHEME]: {
            type: "apiKey",
            in: "cookie",
            name: sessionCookieName(context),
            description: "The session cookie set by POST /api/auth/register and POST /api/auth/login",
          },
        },
      },
    },
    transform,
    transformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PATH,
    theme: { title: "Plaza API" },
    // Tags open one at a time: Swagger UI stops rendering part-way when all ~130 operations are expanded at once
    // (seen with swagger-ui 5 in Chromium: only the first few operations appeared, with no error).
    uiConfig: { docExpansion: "none", deepLinking: true, defaultModelsExpandDepth: 0 },
  });
}
