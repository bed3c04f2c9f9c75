import helmet from "@fastify/helmet";
import { ERROR_MESSAGES } from "@plaza/contracts/errors";
import { tileSourceOf } from "@plaza/contracts/map";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Env } from "../config/env";
import { forbidden } from "../lib/app-error";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The origins allowed to send writes (and open live connections): the configured public URL, else the request's own host. */
export function isSameOrigin(request: FastifyRequest, origin: string, env: Env): boolean {
  if (env.PUBLIC_URL && origin === new URL(env.PUBLIC_URL).origin) return true;
  const host = request.headers.host;
  if (!host) return false;
  return origin === `http://${host}` || origin === `https://${host}`;
}

/**
 * Security headers (CSP of ASVS L2), a cross-site write refusal (Fetch Metadata, then Origin), and
 * `Cache-Control: no-store` on API answers.
 */
export async function registerSecurity(app: FastifyInstance, env: Env): Promise<void> {
  // Pictures and videos load straight from the CDN in front of the object store when there is one.
  const mediaOrigins = env.S3_PUBLIC_URL ? [new URL(env.S3_PUBLIC_URL).origin] : [];
  // Stripe.js and the Payment Element (PAYMENT_PROVIDER=stripe) load from Stripe's own origins (Stripe's CSP guide).
  const stripe = env.PAYMENT_PROVIDER === "stripe";
  const stripeScripts = stripe ? ["https://js.stripe.com"] : [];
  const stripeFrames = stripe ? ["https://js.stripe.com", "https://hooks.stripe.com"] : [];
  const stripeConnect = stripe ? ["https://api.stripe.com"] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripeScripts],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Map tiles come from the configured tile server (MAP_TILE_URL); uploads from the CDN when S3_PUBLIC_URL is set.
        imgSrc: [
          "'self'",
          "data:",
          "blob:",
          tileSourceOf(env.MAP_TILE_URL),
          ...mediaOrigins,
          ...(stripe ? ["https://*.stripe.com"] : []),
        ],
        mediaSrc: ["'self'", "blob:", ...mediaOrigins],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'", "ws:", "wss:", ...stripeConnect],
        ...(stripe ? { frameSrc: stripeFrames } : {}),
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
    hsts: env.PUBLIC_URL?.startsWith("https:") ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });

  app.addHook("onRequest", async (request, reply) => {
    if (request.url.startsWith("/api/")) reply.header("cache-control", "no-store");
    if (SAFE_METHODS.has(request.method)) return;
    if (request.headers["sec-fetch-site"] === "cross-site")
      throw forbidden(ERROR_MESSAGES.forbiddenOrigin, "CROSS_SITE");
    const origin = request.headers.origin;
    if (origin !== undefined && !isSameOrigin(request, origin, env)) {
      throw forbidden(ERROR_MESSAGES.forbiddenOrigin, "CROSS_SITE");
    }
  });
}
