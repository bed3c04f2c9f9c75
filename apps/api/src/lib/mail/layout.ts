import { directionOf, type Locale } from "@plaza/contracts/i18n.texts";
import { MAIL_TEXTS } from "@plaza/contracts/mails.texts";
import { textIn } from "../texts";

/** What a mail says (in English, as packages/contracts/src/mails.texts.ts writes it); rendered to both a plain-text and an HTML body. */
export interface MailContent {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Small print under the action (e.g. how long the link works, what to do if it wasn't you). */
  footnote?: string;
}

/**
 * Where the instance's name goes in a mail (its subject, text and HTML): the outbox writes the name of the moment in
 * when it stores the mail (MailOutbox.enqueue), so every mail carries the name an administrator gave the town.
 */
export const INSTANCE_NAME = "{{instance-name}}";
const PRODUCT_NAME = INSTANCE_NAME;

/** The mail with the instance's name written in (escaped for the HTML body). */
export function nameInstanceIn<Mail extends { subject: string; text: string; html: string }>(
  mail: Mail,
  name: string,
): Mail {
  return {
    ...mail,
    subject: mail.subject.replaceAll(INSTANCE_NAME, name),
    text: mail.text.replaceAll(INSTANCE_NAME, name),
    html: mail.html.replaceAll(INSTANCE_NAME, escapeHtml(name)),
  };
}

function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/**
 * One look for every mail: the product name, the text, one button (and its link in full for plain text), in the
 * recipient's language (their preference, else the town's: instance.service's accountLocale).
 */
export function renderMail(english: MailContent, locale: Locale): { subject: string; text: string; html: string } {
  const text = (value: string) => textIn(locale, value);
  const content: MailContent = {
    subject: text(english.subject),
    greeting: text(english.greeting),
    paragraphs: english.paragraphs.map(text),
    ...(english.action ? { action: { label: text(english.action.label), url: english.action.url } } : {}),
    ...(english.footnote ? { footnote: text(english.footnote) } : {}),
  };
  const subject = `${content.subject} · ${PRODUCT_NAME}`;
  const plain = [
    content.greeting,
    "",
    ...content.paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ""] : []),
    ...(content.footnote ? [content.footnote, ""] : []),
    `— ${PRODUCT_NAME}`,
  ].join("\n");
  const paragraphsHtml = content.paragraphs
    .map((paragraph) => `<p style="margin:0 0 16px">${escapeHtml(paragraph)}</p>`)
    .join("");
  const actionHtml = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#4f46e5;color:#ffffff;` +
      `padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(content.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555">${escapeHtml(text(MAIL_TEXTS.pasteLink))}<br>` +
      `<span style="word-break:break-all">${escapeHtml(content.action.url)}</span></p>`
    : "";
  const footnoteHtml = content.footnote
    ? `<p style="margin:16px 0 0;font-size:13px;color:#555">${escapeHtml(content.footnote)}</p>`
    : "";
  const html =
    `<!doctype html><html lang="${locale}" dir="${directionOf(locale)}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="margin:0;padding:24px;background:#f4f4f5;font-family:system-ui,-apple-system,sans-serif;color:#18181b">` +
    `<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">` +
    `<h1 style="margin:0 0 24px;font-size:20px;color:#4f46e5">${PRODUCT_NAME}</h1>` +
    `<p style="margin:0 0 16px">${escapeHtml(content.greeting)}</p>${paragraphsHtml}${actionHtml}${footnoteHtml}` +
    `</div></body></html>`;
  return { subject, text: plain, html };
}
