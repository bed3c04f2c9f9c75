import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../../app-context";
import { openFederation } from "./federation";

/** The addresses Fedify answers: WebFinger, NodeInfo, and the actors, their collections and objects under /ap. */
const FEDERATION_PATHS = ["/.well-known/webfinger", "/.well-known/nodeinfo", "/nodeinfo/2.1", "/ap/*"];
/** Bodies Fedify reads as they came (the signature covers their digest). */
const ACTIVITY_TYPES = /^application\/(activity\+json|ld\+json|json)\b/;
/** Activities larger than this are refused (413) before Fedify reads them. */
const ACTIVITY_BODY_LIMIT = 256 * 1024;
const notFound = new Response(null, { status: 404 });

/** The request as the Web API Request Fedify takes: the same method, address, headers and raw body. */
function toWebRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const hasBody = request.method !== "GET" && request.method !== "HEAD" && Buffer.isBuffer(request.body);
  return new Request(url, { method: request.method, headers, body: hasBody ? (request.body as Buffer) : undefined });
}

/** Where a person's browser asking for an actor or a Note goes instead: its page in the web app. */
function webPageOf(path: string): string | null {
  const actor = /^\/ap\/users\/([0-9a-f-]{36})$/i.exec(path);
  if (actor) return `/profile/${actor[1]}`;
  const post = /^\/ap\/posts\/([0-9a-f-]{36})$/i.exec(path);
  return post ? `/posts/${post[1]}` : null;
}

/** Writes Fedify's Response back through Fastify (its own not-found answer for an address Fedify does not know). */
async function answer(reply: FastifyReply, response: Response) {
  if (response === notFound) return reply.callNotFound();
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    reply.header(name, value);
  });
  return reply.send(Buffer.from(await response.arrayBuffer()));
}

/**
 * Mounts Fedify in the Fastify app (there is no Fedify integration package for Fastify): a catch-all for its
 * addresses hands each request to `federation.fetch` with the app's context, and writes back its Response. With
 * FEDERATION off nothing of this is registered.
 */
export async function registerFederation(app: FastifyInstance, context: AppContext): Promise<void> {
  const { federation, stop } = await openFederation(context);
  app.addHook("onClose", async () => stop());
  await app.register(async (scope) => {
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser(
      ACTIVITY_TYPES,
      { parseAs: "buffer", bodyLimit: ACTIVITY_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    for (const url of FEDERATION_PATHS) {
      scope.route({
        method: ["GET", "POST"],
        url,
        schema: { hide: true },
        handler: async (request, reply) => {
          const webRequest = toWebRequest(request);
          const response = await federation.fetch(webRequest, {
            contextData: context,
            onNotFound: () => notFound,
            onNotAcceptable: () => {
              const page = webPageOf(new URL(webRequest.url).pathname);
              return page
                ? new Response(null, { status: 302, headers: { location: page } })
                : new Response("Not acceptable", { status: 406, headers: { vary: "Accept" } });
            },
          });
          return answer(reply, response);
        },
      });
    }
  });
  app.log.info(`federation: on, ActivityPub actors at ${new URL("/ap/users/", context.env.PUBLIC_URL).href}`);
}
