import { UNSUBSCRIBE_TEXTS, unsubscribeQuery } from "@plaza/contracts/notifications";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { UNSUBSCRIBE_PATH } from "./notification-mails";
import { findUnsubscribeTarget, unsubscribeByToken } from "./unsubscribe.service";

function escapeHtml(value: string): string {
  return value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
}

function page(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${escapeHtml(title)} · Plaza</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}` +
    `<p><a href="/settings">${escapeHtml(UNSUBSCRIBE_TEXTS.settingsLink)}</a></p></main></body></html>`
  );
}

/**
 * One-click unsubscribe of notification mails (RFC 8058). The link needs no session: its random token decides.
 * `GET` only shows a confirmation page with a button (mail scanners open links, so a GET changes nothing);
 * `POST` (the mail program's one-click, `List-Unsubscribe=One-Click`, or the page's button) turns
 * `preferences.emailNotifications` off. Both answer a small HTML page.
 */
export async function unsubscribeRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const context = app.context;
  // Only here: mail programs post `List-Unsubscribe=One-Click` as a form (the token is in the query, the body is
  // not read). Elsewhere the API stays JSON-only.
  app.addContentTypeParser(
    ["application/x-www-form-urlencoded", "multipart/form-data"],
    { parseAs: "string", bodyLimit: 4096 },
    (_request, _body, done) => done(null, {}),
  );

  app.get(
    UNSUBSCRIBE_PATH,
    {
      schema: {
        tags: ["Notifications"],
        operationId: "getNotificationsUnsubscribe",
        summary: "The one-click unsubscribe link of a notification mail: a confirmation page (changes nothing)",
        description: "No session needed: the mailed random token decides. Answers an HTML page.",
        errors: { 400: "The token is unknown" },
        docResponses: { 200: { description: "Confirmation page", content: { "text/html": { schema: z.string() } } } },
        querystring: unsubscribeQuery,
      },
      config: { access: "public" },
    },
    async (request, reply) => {
      const target = await findUnsubscribeTarget(context, request.query.token);
      reply.type("text/html; charset=utf-8");
      if (!target)
        return reply
          .status(400)
          .send(page(UNSUBSCRIBE_TEXTS.invalidTitle, `<p>${escapeHtml(UNSUBSCRIBE_TEXTS.invalid)}</p>`));
      const action = `${UNSUBSCRIBE_PATH}?${new URLSearchParams({ token: request.query.token }).toString()}`;
      return reply.send(
        page(
          UNSUBSCRIBE_TEXTS.confirmTitle,
          `<p>${escapeHtml(UNSUBSCRIBE_TEXTS.confirm(target.email))}</p>` +
            `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">` +
            `<button type="submit">${escapeHtml(UNSUBSCRIBE_TEXTS.confirmButton)}</button></form>`,
        ),
      );
    },
  );

  app.post(
    UNSUBSCRIBE_PATH,
    {
      schema: {
        tags: ["Notifications"],
        operationId: "postNotificationsUnsubscribe",
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
    async (request, reply) => {
      const isDone = await unsubscribeByToken(context, request.query.token);
      reply.type("text/html; charset=utf-8");
      if (!isDone)
        return reply
          .status(400)
          .send(page(UNSUBSCRIBE_TEXTS.invalidTitle, `<p>${escapeHtml(UNSUBSCRIBE_TEXTS.invalid)}</p>`));
      return reply.send(page(UNSUBSCRIBE_TEXTS.doneTitle, `<p>${escapeHtml(UNSUBSCRIBE_TEXTS.done)}</p>`));
    },
  );
}
