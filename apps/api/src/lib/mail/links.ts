import type { FastifyRequest } from "fastify";
import type { Env } from "../../config/env";

const HOST_PATTERN = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * Where links in mails point: PUBLIC_URL, else the address the request came to (docs/PRODUCT.md). A Host header that is
 * not a plain host[:port] falls back to localhost. Set PUBLIC_URL in production: a forged Host header would
 * otherwise choose the link's host.
 */
export function publicBaseUrl(env: Env, request: Pick<FastifyRequest, "protocol" | "host">): string {
  if (env.PUBLIC_URL) return env.PUBLIC_URL.replace(/\/+$/, "");
  const host = HOST_PATTERN.test(request.host) ? request.host : `localhost:${env.PORT}`;
  return `${request.protocol === "https" ? "https" : "http"}://${host}`;
}

/** An absolute link to a web page with one query parameter (e.g. `/reset-password?token=…`). */
export function pageLink(baseUrl: string, path: string, query: Record<string, string>): string {
  return `${baseUrl}${path}?${new URLSearchParams(query).toString()}`;
}

/** Where links in mails sent outside a request (jobs, notifications) point: PUBLIC_URL, else this server. */
export function configuredBaseUrl(env: Env): string {
  return env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, "") : `http://localhost:${env.PORT}`;
}
