import { LOCALE_COOKIE, type Locale, negotiateLocale, SOURCE_LOCALE } from "@plaza/contracts/i18n.texts";
import type { FastifyInstance, FastifyRequest } from "fastify";

declare module "fastify" {
  interface FastifyRequest {
    /**
     * The language the request is answered in (CONTRACT.md "Every town's language"): the account's preference, the
     * visitor's chosen language (LOCALE_COOKIE), the browser's Accept-Language, else the town's.
     */
    locale: Locale;
  }
}

/** The locale of a request whose viewer is known (null: signed out), with the town's default. */
export function localeOfRequest(
  request: FastifyRequest,
  preference: Locale | null | undefined,
  instanceLocale: Locale,
): Locale {
  return negotiateLocale({
    preference,
    cookie: request.cookies?.[LOCALE_COOKIE],
    acceptLanguage: request.headers["accept-language"],
    instanceLocale,
  });
}

/**
 * Sets `request.locale` on every API request, after the session hook (registered after it) resolved the viewer.
 * `instanceLocale` is the town's default (read from its settings, cached).
 */
export function registerRequestLocale(app: FastifyInstance, instanceLocale: () => Promise<Locale>): void {
  app.decorateRequest("locale", SOURCE_LOCALE);
  app.addHook("onRequest", async (request) => {
    if (!request.url.startsWith("/api/")) return;
    request.locale = localeOfRequest(request, request.viewer?.preferences.locale, await instanceLocale());
  });
}
