import { UNSUBSCRIBE_TEXTS } from "@plaza/contracts/notifications";
import type { AppContext } from "../../app-context";
import { UNSUBSCRIBE_PATH } from "./notification-mails";
import { findUnsubscribeTarget, unsubscribeByToken } from "./unsubscribe.service";

/** A small HTML page for a mail program or a browser, with its status (400 for an unknown token). */
export interface UnsubscribePage {
  status: 200 | 400;
  html: string;
}

function escapeHtml(value: string): string {
  return value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
}

function pageOf(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${escapeHtml(title)} · Plaza</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}` +
    `<p><a href="/settings">${escapeHtml(UNSUBSCRIBE_TEXTS.settingsLink)}</a></p></main></body></html>`
  );
}

const invalidPage: UnsubscribePage = {
  status: 400,
  html: pageOf(UNSUBSCRIBE_TEXTS.invalidTitle, `<p>${escapeHtml(UNSUBSCRIBE_TEXTS.invalid)}</p>`),
};

/**
 * What the mailed link opens: a confirmation page whose button posts the one-click unsubscribe. It changes nothing
 * (mail scanners open links).
 */
export async function unsubscribeConfirmationPage(context: AppContext, token: string): Promise<UnsubscribePage> {
  const target = await findUnsubscribeTarget(context, token);
  if (!target) return invalidPage;
  const action = `${UNSUBSCRIBE_PATH}?${new URLSearchParams({ token }).toString()}`;
  return {
    status: 200,
    html: pageOf(
      UNSUBSCRIBE_TEXTS.confirmTitle,
      `<p>${escapeHtml(UNSUBSCRIBE_TEXTS.confirm(target.email))}</p>` +
        `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">` +
        `<button type="submit">${escapeHtml(UNSUBSCRIBE_TEXTS.confirmButton)}</button></form>`,
    ),
  };
}

/** The one-click unsubscribe (RFC 8058): turns the token's user's email notifications off, and says so. */
export async function oneClickUnsubscribePage(context: AppContext, token: string): Promise<UnsubscribePage> {
  if (!(await unsubscribeByToken(context, token))) return invalidPage;
  return { status: 200, html: pageOf(UNSUBSCRIBE_TEXTS.doneTitle, `<p>${escapeHtml(UNSUBSCRIBE_TEXTS.done)}</p>`) };
}
