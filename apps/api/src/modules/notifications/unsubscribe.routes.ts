import { unsubscribeQuery } from "@plaza/contracts/notifications";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { html, route } from "../../lib/route";
import { UNSUBSCRIBE_PATH } from "./notification-mails";
import { oneClickUnsubscribePage, unsubscribeConfirmationPage } from "./unsubscribe-pages";

/**
 * One-click unsubscribe of notification mails (RFC 8058). The link needs no session: its random token decides.
 * `GET` only shows a confirmation page with a button (mail scanners open links, so a GET changes nothing);
 * `POST` (the mail program's one-click, `List-Unsubscribe=One-Click`, or the page's button) turns
 * `preferences.emailNotifications` off. Both answer a small HTML page.
 */
export async function unsubscribeRoutes(app: FastifyInstance): Promise<void> {
  const context = app.context;
  // Only here: mail programs post `List-Unsubscribe=One-Click` as a form (the token is in the query, the body is
  // not read). Elsewhere the API stays JSON-only.
  app.addContentTypeParser(
    ["application/x-www-form-urlencoded", "multipart/form-data"],
    { parseAs: "string", bodyLimit: 4096 },
    (_request, _body, done) => done(null, {}),
  );

  route(
    app,
    "GET",
    UNSUBSCRIBE_PATH,
    {
      schema: {
        summary: "The one-click unsubscribe link of a notification mail: a confirmation page (changes nothing)",
        description: "No session needed: the mailed random token decides. Answers an HTML page.",
        errors: { 400: "The token is unknown" },
        docResponses: { 200: { description: "Confirmation page", content: { "text/html": { schema: z.string() } } } },
        querystring: unsubscribeQuery,
      },
      config: { access: "public" },
    },
    async (request) => html(await unsubscribeConfirmationPage(context, request.query.token)),
  );

  route(
    app,
    "POST",
    UNSUBSCRIBE_PATH,
    {
      schema: {
        summary: "One-click unsubscribe (RFC 8058): turns email notifications off",
        description:
          "What mail programs post (`List-Unsubscribe=One-Click`, form-encoded) and the confirmation page's button. No session: the token decides.",
        errors: { 400: "The token is unknown" },
        takesRawBody: true,
        docResponses: { 200: { description: "Done page", content: { "text/html": { schema: z.string() } } } },
        querystring: unsubscribeQuery,
      },
      config: { access: "public" },
    },
    async (request) => html(await oneClickUnsubscribePage(context, request.query.token)),
  );
}
