import { IDEMPOTENCY_KEY_HEADER } from "@plaza/contracts/payments";
import type {
  FastifyContextConfig,
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
} from "fastify";
import type { z } from "zod";
import type { NewSession } from "../modules/auth/auth.service";
import { clearSessionCookie, requireViewer, setSessionCookie } from "../plugins/session";
import { type Page, setNextCursor } from "./cursor";
import {
  describeIdempotentRequest,
  type IdempotentRequest,
  type MoneyResponse,
  readIdempotencyKey,
} from "./idempotency-key";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * A money call (docs/PRODUCT.md "Money"): the optional Idempotency-Key header is read (400 when empty or too
     * long) and documented, the handler gets the request's idempotency description to hand its service, and it
     * answers `replayable(...)`: the first answer to a key, replayed with `idempotent-replayed: true`.
     */
    idempotent?: boolean;
  }
}

/**
 * What a route answers, as its service call hands it back: a view (200), a created view (201), a request taken on
 * (202), nothing (204), a page of a list (its items, the next cursor in X-Next-Cursor), a JSON file to save, a
 * redirect (302) or an HTML page (for mail clients), optionally setting or clearing the session cookie. `Body` is
 * what goes on the wire, which Fastify checks against the route's response schema. Idempotent money routes answer a
 * `Replayable` instead. `answer` is the one place a result becomes a reply (docs/ARCHITECTURE.md "One route shape").
 */
export type RouteResult<Body> =
  | {
      readonly kind: "ok" | "created" | "accepted";
      readonly body: Body;
      readonly session?: SessionChange;
      readonly nextCursor?: string | null;
    }
  | { readonly kind: "noContent"; readonly session?: SessionChange }
  | { readonly kind: "download"; readonly filename: string; readonly body: Body }
  | { readonly kind: "page"; readonly page: Page<Body extends (infer Item)[] ? Item : never> }
  | { readonly kind: "redirect"; readonly location: string; readonly session?: SessionChange }
  | { readonly kind: "html"; readonly status: number; readonly html: string }
  | { readonly kind: "calendar"; readonly filename: string; readonly text: string };

/**
 * The answer of an idempotent money route (`config.idempotent`): the status its service chose (201 made, 202 started
 * with a processor, 200 replayed) and its body, with `idempotent-replayed: true` when it is the stored first answer
 * to the request's Idempotency-Key. Only such a route answers it, and such a route answers only it.
 */
export interface Replayable<Body> {
  readonly kind: "replayable";
  readonly status: number;
  readonly body: Body;
  readonly isReplay: boolean;
}

/** The session cookie a result sets (a new session) or clears (signed out). */
export type SessionChange = { readonly set: NewSession } | "clear";

export const ok = <Body>(body: Body, session?: SessionChange): RouteResult<Body> => ({ kind: "ok", body, session });

export const created = <Body>(body: Body, session?: SessionChange): RouteResult<Body> => ({
  kind: "created",
  body,
  session,
});

/** An answer one of whose parts is paged (search's posts): the next cursor travels in X-Next-Cursor. */
export const withNextCursor = <Body>(answer: { results: Body; nextCursor: string | null }): RouteResult<Body> => ({
  kind: "ok",
  body: answer.results,
  nextCursor: answer.nextCursor,
});

/** Taken on, with the work still to happen (a mail on its way): 202. */
export const accepted = <Body>(body: Body): RouteResult<Body> => ({ kind: "accepted", body });

/** No body; `done` is the awaited service call whose work is the answer: `noContent(await deletePost(...))`. */
export const noContent = (_done?: unknown, session?: SessionChange): RouteResult<undefined> => ({
  kind: "noContent",
  session,
});

export const page = <Item>(items: Page<Item>): RouteResult<Item[]> => ({ kind: "page", page: items });

/** A JSON file the browser saves as `filename` (the account export). */
export const download = <Body>(file: { filename: string; data: Body }): RouteResult<Body> => ({
  kind: "download",
  filename: file.filename,
  body: file.data,
});

/** A signed-in answer: the user's view, and the cookie of the new session (201 for a new account). */
export const signedIn = <Body>(answer: { user: Body; session: NewSession }): RouteResult<Body> =>
  ok(answer.user, { set: answer.session });

export const signedUp = <Body>(answer: { user: Body; session: NewSession }): RouteResult<Body> =>
  created(answer.user, { set: answer.session });

/** A redirect answers no body: `never` fits any route's response type. */
export const redirect = (location: string, session?: SessionChange): RouteResult<never> => ({
  kind: "redirect",
  location,
  session,
});

/** A money call's answer as its service hands it back (lib/idempotency-key.ts), to be sent as it is or was. */
export const replayable = <Body>(response: MoneyResponse<Body>): Replayable<Body> => ({
  kind: "replayable",
  status: response.status,
  body: response.body,
  isReplay: response.isReplay,
});

/** An HTML page (the unsubscribe pages a mail client opens), with its status: 200, or 400 for a refusal. */
export const html = (page: { status?: number; html: string }): RouteResult<never> => ({
  kind: "html",
  status: page.status ?? 200,
  html: page.html,
});

/** An iCalendar file (RFC 5545), offered to be saved or opened by a calendar as `filename`. */
export const calendar = (file: { filename: string; text: string }): RouteResult<never> => ({
  kind: "calendar",
  filename: file.filename,
  text: file.text,
});

const STATUS = { ok: 200, created: 201, accepted: 202, noContent: 204 } as const;

/**
 * Turns a route's result into its reply: status, the next-cursor or replay header, the session cookie, the body.
 */
export function answer<Body>(reply: FastifyReply, result: RouteResult<Body> | Replayable<Body>): FastifyReply {
  const session = "session" in result ? result.session : undefined;
  if (session) {
    const { context } = reply.server;
    if (session === "clear") clearSessionCookie(reply, context);
    else setSessionCookie(reply, context, session.set);
  }
  switch (result.kind) {
    case "page":
      setNextCursor(reply, result.page.nextCursor);
      return reply.status(200).send(result.page.items);
    case "redirect":
      return reply.redirect(result.location);
    case "download":
      return reply
        .header("content-disposition", `attachment; filename="${result.filename}"`)
        .header("content-type", "application/json; charset=utf-8")
        .send(JSON.stringify(result.body, null, 2));
    case "noContent":
      return reply.status(STATUS.noContent).send();
    case "replayable":
      if (result.isReplay) reply.header("idempotent-replayed", "true");
      return reply.status(result.status).send(result.body);
    case "html":
      return reply.status(result.status).type("text/html; charset=utf-8").send(result.html);
    case "calendar":
      return reply
        .status(200)
        .header("content-disposition", `inline; filename="${result.filename}"`)
        .type("text/calendar; charset=utf-8")
        .send(result.text);
    default:
      setNextCursor(reply, result.nextCursor ?? null);
      return reply.status(STATUS[result.kind]).send(result.body);
  }
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** What a route declares beside its handler: its schemas and documentation, its access, rate limit and idempotency. */
export interface RouteOptions<Schema extends FastifySchema, Idempotent extends boolean = boolean> {
  schema: Schema;
  config?: FastifyContextConfig & { idempotent?: Idempotent };
  /** The answer's Cache-Control header (`no-store` for a code that changes every few seconds). */
  cacheControl?: string;
  /** The answer's Content-Type when it is not plain JSON (`application/manifest+json` for the web manifest). */
  contentType?: string;
  /** The route's own onError hook (logging only; the error handler still answers). */
  onError?: (request: FastifyRequest, reply: FastifyReply, error: FastifyError) => Promise<void>;
}

type Parsed<Part> = Part extends z.ZodType ? z.output<Part> : undefined;

/** The request a route's handler gets: params, query, body and headers as its schemas parse them. */
export type RouteRequest<Schema extends FastifySchema> = FastifyRequest<{
  Params: Parsed<Schema["params"]>;
  Querystring: Parsed<Schema["querystring"]>;
  Body: Parsed<Schema["body"]>;
  Headers: Parsed<Schema["headers"]>;
}>;

/** What the route may answer: any of its response schemas, as the serializer takes it. */
type Answered<Schema extends FastifySchema> =
  Schema["response"] extends Record<number, infer Answer>
    ? Answer extends z.ZodType
      ? z.input<Answer>
      : never
    : unknown;

/**
 * What the handler of an idempotent route gets besides its request: who asks, the Idempotency-Key, the route
 * (`POST /api/tips`) and the validated body, which its service claims the key with; null without the header (the
 * call still works, without replay protection). Other routes' handlers get no such argument.
 */
export type Idempotency<Idempotent extends boolean> = Idempotent extends true ? IdempotentRequest | null : undefined;

/** The result a route's handler answers: `replayable(...)` on an idempotent route, any other result elsewhere. */
type ResultOf<Schema extends FastifySchema, Idempotent extends boolean> = Idempotent extends true
  ? Replayable<Answered<Schema>>
  : RouteResult<Answered<Schema>>;

/** The idempotency description of a money request (its route's key is `METHOD path`, as the stored keys have it). */
function idempotencyOf(request: FastifyRequest, method: Method, url: string): IdempotentRequest | null {
  const key = readIdempotencyKey(request.headers[IDEMPOTENCY_KEY_HEADER]);
  return describeIdempotentRequest(requireViewer(request).id, key, `${method} ${url}`, request.body);
}

/**
 * Declares a route: its method and path, its options (schemas, documentation, `config.access`, `config.rateLimit`,
 * `config.idempotent`) and its handler, which makes the route's one service call and wraps the answer in a result
 * (`ok`, `created`, `noContent`, `page`, `redirect`, `replayable`, ...); `answer` sends it. The handler's request
 * is typed by the route's schemas and its result by its response schemas; an idempotent route's handler also gets
 * the request's `Idempotency`. The operationId is derived from method and path (`operationIdOf`) and the tag from
 * the module's registration (`taggedRoutes`).
 */
export function route<Schema extends FastifySchema, Idempotent extends boolean = false>(
  app: FastifyInstance,
  method: Method,
  url: string,
  options: RouteOptions<Schema, Idempotent>,
  run: (request: RouteRequest<Schema>, idempotency: Idempotency<Idempotent>) => Promise<ResultOf<Schema, Idempotent>>,
): void {
  const isIdempotent = options.config?.idempotent === true;
  app.route({
    method,
    url,
    schema: options.schema as FastifySchema,
    config: options.config,
    ...(options.onError ? { onError: options.onError } : {}),
    // Returns the reply it sent: an async handler that sends and then resolves with nothing races Fastify's own
    // send of the resolved value (a compressed export arrived cut short).
    handler: async (request, reply): Promise<FastifyReply> => {
      if (options.cacheControl) reply.header("cache-control", options.cacheControl);
      if (options.contentType) reply.type(options.contentType);
      // Read before the service call, so a bad Idempotency-Key is a 400 that moves nothing.
      const idempotency = (isIdempotent ? idempotencyOf(request, method, url) : undefined) as Idempotency<Idempotent>;
      return answer(reply, await run(request as unknown as RouteRequest<Schema>, idempotency));
    },
  });
}

/**
 * The operationId of a route that names none, from its method and path: `GET /api/posts/:id/comments` →
 * `getPostsByIdComments` (the names the web's generated client calls).
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
