import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { ERROR_MESSAGES, errorBody } from "@plaza/contracts/errors";
import { idempotencyKeyHeaders } from "@plaza/contracts/payments";
import type { FastifyInstance, RouteOptions } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../app-context";
import { API_ROUTE_DOCS, API_TAGS, type RouteDoc } from "./api-route-docs";
import { sessionCookieName } from "./session";

/** The documentation page; the OpenAPI document is at `${API_DOCS_PATH}/json` (and `/yaml`). */
export const API_DOCS_PATH = "/api/docs";
export const SESSION_SECURITY_SCHEME = "session";

/** The shared error body, one component in the document (`#/components/schemas/Error`). */
const errorSchema = errorBody.meta({ id: "Error" });

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Reasons for the errors that follow from a route's shape, whichever route answers them. */
const SHAPE_ERRORS = {
  invalid:
    "The request does not match the schema: `message` is the first rule broken, `errors[]` lists every field " +
    "(`path`, `message`)",
  signedOut: "Not signed in",
  superuser: ERROR_MESSAGES.superuserRequired,
  suspended: "The account is suspended",
  crossSite: "Cross-site request refused (Sec-Fetch-Site or Origin)",
  notFound: "Not found, or not visible to you",
  tooLarge: ERROR_MESSAGES.payloadTooLarge,
  notJson: ERROR_MESSAGES.unsupportedMediaType,
  tooMany: `${ERROR_MESSAGES.tooManyRequests} (Retry-After tells how many seconds)`,
};

type Method = RouteOptions["method"];

/** `GET /api/posts/:id`: the key of a route in API_ROUTE_DOCS. */
function routeKey(method: Method, url: string): string {
  const first = Array.isArray(method) ? method.find((name) => name !== "HEAD") : method;
  return `${first ?? "GET"} ${url}`;
}

interface RouteFacts {
  method: string;
  url: string;
  access: "public" | "user" | "superuser";
  hasBody: boolean;
  hasInput: boolean;
}

/**
 * The errors a route can answer: those its shape implies (validation, access, cross-site writes, body limits,
 * rate limits) after the ones its catalogue entry names (404, 409, ...), each status with all its reasons.
 */
function errorReasons(facts: RouteFacts, doc: RouteDoc | undefined): Map<number, string[]> {
  const reasons = new Map<number, string[]>();
  const add = (status: number, reason: string) => reasons.set(status, [...(reasons.get(status) ?? []), reason]);
  for (const [status, reason] of Object.entries(doc?.errors ?? {})) if (reason) add(Number(status), reason);
  const isWrite = WRITE_METHODS.has(facts.method);
  if (facts.hasInput) add(400, SHAPE_ERRORS.invalid);
  if (facts.access !== "public") add(401, SHAPE_ERRORS.signedOut);
  if (facts.access === "superuser") add(403, SHAPE_ERRORS.superuser);
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

const CATALOGUED_URLS = new Set(Object.keys(API_ROUTE_DOCS).map((key) => key.slice(key.indexOf(" ") + 1)));

/** The routes the document shows: the API, health checks and stored images, never the web app's files. */
function isDocumented(url: string): boolean {
  return url.startsWith("/api/") || CATALOGUED_URLS.has(url);
}

type Transform = typeof jsonSchemaTransform;

/**
 * A route's operationId, derived from its method and path so that every route has one without a table to keep:
 * `GET /api/posts/:id/comments` → `getPostsByIdComments`, `DELETE /api/follows/:userId` → `deleteFollowsByUserId`.
 * Unique because (method, path) is; a catalogue entry may name it otherwise.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, "/")
    .split("/")
    .filter(Boolean)
    .map((segment) => {
      const parameter = segment.startsWith(":");
      const name = (parameter ? segment.slice(1) : segment)
        .split(/[^A-Za-z0-9]+/)
        .filter(Boolean)
        .map((part) => part[0]?.toUpperCase() + part.slice(1))
        .join("");
      return parameter ? `By${name}` : name;
    });
  return `${method.toLowerCase()}${words.join("")}`;
}

/** What a raw-body route (an upload) is documented to take; the route itself tells the kind from the bytes. */
const RAW_BODY_TYPES = ["application/octet-stream", "image/jpeg", "image/png", "image/webp", "image/gif"];

/** Public routes work signed out and may answer more to a signed-in caller: the session is optional. */
const OPTIONAL_SESSION: Record<string, string[]>[] = [{}, { [SESSION_SECURITY_SCHEME]: [] }];

/**
 * Adds what the route schemas do not say (summary, tag, session security, the Idempotency-Key header, error
 * responses, catalogue-only responses of non-JSON routes) for the document only, then lets
 * fastify-type-provider-zod turn the zod schemas into JSON Schema. Nothing here changes how a request is handled.
 */
const transform: Transform = (document) => {
  const { url, route } = document;
  // @fastify/websocket hides its routes; the live-events socket is part of the API, so it is shown.
  const { hide, ...schema } = document.schema ?? {};
  if (!isDocumented(url) || (hide && !route.websocket)) return { schema: { hide: true }, url };
  const key = routeKey(route.method, url);
  const doc = API_ROUTE_DOCS[key];
  const access = route.config?.access ?? "public";
  const hasBody = schema.body !== undefined || doc?.takesRawBody === true;
  const facts = {
    method: key.slice(0, key.indexOf(" ")),
    url,
    access,
    hasBody,
    hasInput: hasBody || schema.params !== undefined || schema.querystring !== undefined,
  };
  const errors = Object.fromEntries(
    [...errorReasons(facts, doc)].map(([status, reasons]) => [status, errorResponse(reasons)]),
  );
  const transformed = jsonSchemaTransform({
    ...document,
    schema: {
      ...schema,
      summary: schema.summary ?? doc?.summary,
      description: schema.description ?? doc?.description,
      tags: schema.tags ?? (doc ? [doc.tag] : undefined),
      operationId: schema.operationId ?? operationIdOf(facts.method, url),
      security: access === "public" ? OPTIONAL_SESSION : [{ [SESSION_SECURITY_SCHEME]: [] }],
      ...(doc?.isIdempotent ? { headers: idempotencyKeyHeaders } : {}),
      response: { ...errors, ...doc?.responses, ...(schema.response as object | undefined) },
    },
  });
  if (doc?.takesRawBody) {
    // The bytes themselves: without a request body in the document a generated client cannot make the call.
    Object.assign(transformed.schema, { consumes: RAW_BODY_TYPES, body: { type: "string", format: "binary" } });
  }
  const isList = schema.querystring instanceof z.ZodObject && "cursor" in schema.querystring.shape;
  describeResponses(transformed.schema.response as Record<string, DocumentedResponse>, { isList, doc });
  return transformed;
};

type DocumentedResponse = Record<string, unknown> & { description?: string };

const SUCCESS_DESCRIPTIONS: Record<string, string> = { 200: "OK", 201: "Created" };
/** Read by @fastify/swagger as the response's description and removed from the schema. */
const RESPONSE_DESCRIPTION = "x-response-description";

/** Success descriptions and the headers that travel with some answers (next cursor, replay, retry delay). */
function describeResponses(
  responses: Record<string, DocumentedResponse>,
  options: { isList: boolean; doc: RouteDoc | undefined },
): void {
  for (const [status, response] of Object.entries(responses)) {
    if (response.description === undefined && response[RESPONSE_DESCRIPTION] === undefined) {
      const replayed = status === "200" && options.doc?.isIdempotent;
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

/** The components zod registers, less the input copies that no route uses. */
const transformObject: typeof jsonSchemaTransformObject = (document) => {
  const openapi = jsonSchemaTransformObject(document) as ReturnType<typeof jsonSchemaTransformObject> & {
    components?: { schemas?: Record<string, unknown> };
  };
  const schemas = openapi.components?.schemas ?? {};
  const text = JSON.stringify(openapi.paths ?? {});
  for (const name of Object.keys(schemas)) {
    if (!text.includes(`"#/components/schemas/${name}"`)) delete schemas[name];
  }
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
