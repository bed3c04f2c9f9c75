import { ERROR_MESSAGES } from "@plaza/contracts/errors";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../app-context";
import { tooManyRequests } from "../lib/app-error";

/** Every API call of one client address: this many in a minute (IP_RATE_LIMITS). */
const PER_ADDRESS = { max: 600, timeWindow: 60_000 } as const;

/** A route's own, stricter limit per client address (e.g. sign-in), on top of the address's overall one. */
export interface AddressRateLimit {
  max: number;
  /** The window in milliseconds. */
  timeWindow: number;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** A stricter limit per client address for this route (IP_RATE_LIMITS); 429 with Retry-After past it. */
    rateLimit?: AddressRateLimit;
  }
}

/**
 * Per-address limits on the API (IP_RATE_LIMITS), counted by the app's one rate limiter (lib/rate-limiter.ts):
 * shared by every API process through Redis, counted per process while Redis is away. Each API call counts against
 * its client address (600 a minute), and a route with `config.rateLimit` also against that route's own limit.
 * Static files are not counted. Runs before the session is read, so a flood costs no database work.
 */
export function registerAddressRateLimits(app: FastifyInstance, context: AppContext): void {
  if (!context.env.IP_RATE_LIMITS) return;
  const { rateLimiter } = context;
  app.addHook("onRequest", async (request) => {
    if (!request.url.startsWith("/api/")) return;
    const address = request.ip;
    const overall = await rateLimiter.hit(`address:${address}`, PER_ADDRESS.max, PER_ADDRESS.timeWindow);
    if (!overall.allowed) throw tooManyRequests(ERROR_MESSAGES.tooManyRequests, overall.retryAfterMs);
    const own = request.routeOptions.config.rateLimit;
    if (!own) return;
    const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
    const result = await rateLimiter.hit(`address:${address}:${route}`, own.max, own.timeWindow);
    if (!result.allowed) throw tooManyRequests(ERROR_MESSAGES.tooManyRequests, result.retryAfterMs);
  });
}
