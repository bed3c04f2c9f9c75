import { existsSync } from "node:fs";
import { resolve } from "node:path";
import fastifyStatic from "@fastify/static";
import { SIGNED_IN_HTML_FILE } from "@plaza/contracts/constants";
import { ERROR_MESSAGES } from "@plaza/contracts/errors";
import type { FastifyInstance } from "fastify";

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and the SPA fallback
 * for every non-API path. Unknown /api paths get 404 JSON. A page request that carries the session cookie gets
 * the build's signed-in variant of index.html (SIGNED_IN_HTML_FILE), which starts loading the first signed-in
 * screen with the entry script; whether the session is still valid is the sign-in check's business.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string | undefined,
  sessionCookie: string,
): Promise<void> {
  const root = distDir ? resolve(distDir) : undefined;
  const hasWebApp = root !== undefined && existsSync(resolve(root, "index.html"));
  const hasSignedInPage = root !== undefined && existsSync(resolve(root, SIGNED_IN_HTML_FILE));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: false,
      setHeaders: (response, path) => {
        response.header(
          "cache-control",
          path.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache",
        );
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    const wantsPage = request.method === "GET" || request.method === "HEAD";
    if (path.startsWith("/api/") || path === "/api" || !wantsPage || !hasWebApp) {
      return reply.status(404).send({ message: ERROR_MESSAGES.notFound, code: "NOT_FOUND" });
    }
    if (/\.[a-z0-9]{1,8}$/i.test(path) && !path.endsWith(".html")) {
      // A missing file (robots.txt, an old asset) is a real 404, not the app shell.
      return reply.status(404).type("text/plain").send("Not found");
    }
    reply.header("cache-control", "no-cache");
    reply.header("vary", "Cookie");
    const signedIn = hasSignedInPage && Boolean(request.cookies[sessionCookie]);
    return reply.sendFile(signedIn ? SIGNED_IN_HTML_FILE : "index.html");
  });
}
