import { createHash, randomBytes } from "node:crypto";
import type { Locale } from "@plaza/contracts/i18n.texts";
import { MAIL_TEXTS } from "@plaza/contracts/mails.texts";
import type { NotificationView } from "@plaza/contracts/notifications";
import { displayName } from "@plaza/contracts/users";
import type { Executor } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { INSTANCE_NAME, renderMail } from "../../lib/mail/layout";
import type { MailOutbox } from "../../lib/mail/mail-outbox";
import type { OutgoingMail } from "../../lib/mail/transport";
import { textIn } from "../../lib/texts";
import { insertUnsubscribeToken } from "./unsubscribe.repository";

/** The path of the one-click unsubscribe link (RFC 8058); the token is its `token` query parameter. */
export const UNSUBSCRIBE_PATH = "/api/notifications/unsubscribe";

/** Notification types that send a mail when the recipient wants email notifications: money events and event reminders. */
export const MAILED_NOTIFICATION_TYPES: ReadonlySet<string> = new Set([
  "tip",
  "ppv_unlock",
  "new_subscriber",
  "payment_action_required",
  "event_reminder",
]);

export interface MailRecipient {
  id: string;
  email: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
}

/** What mailing a notification needs from the app. */
export interface NotificationMailer {
  mail: MailOutbox;
  clock: Clock;
  /** The absolute address links in mails start with (PUBLIC_URL, else this server). */
  baseUrl: string;
}

export function hashUnsubscribeToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A new random unsubscribe link of the user (its token is stored hashed). */
async function createUnsubscribeUrl(db: Executor, mailer: NotificationMailer, userId: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await insertUnsubscribeToken(db, hashUnsubscribeToken(token), userId, mailer.clock.now());
  return `${mailer.baseUrl}${UNSUBSCRIBE_PATH}?${new URLSearchParams({ token }).toString()}`;
}

/**
 * Stores a notification mail in the outbox (inside the caller's transaction) with a one-click unsubscribe link:
 * `List-Unsubscribe: <…>` and `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058), and the same
 * link in the text. The caller kicks the outbox after the commit.
 */
export async function enqueueNotificationMail(
  db: Executor,
  mailer: NotificationMailer,
  recipient: MailRecipient,
  content: { subject: string; sentence: string; targetUrl: string | null; actionLabel: string },
  locale: Locale,
): Promise<void> {
  const unsubscribeUrl = await createUnsubscribeUrl(db, mailer, recipient.id);
  const actionUrl = content.targetUrl ? `${mailer.baseUrl}${content.targetUrl}` : mailer.baseUrl;
  const mail: OutgoingMail = {
    to: recipient.email,
    actionUrl,
    // Behind account mail (verification, reset…), on connections of its own.
    lane: "notification",
    headers: {
      "List-Unsubscribe": `<${unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
    ...renderMail(
      {
        subject: content.subject,
        greeting: MAIL_TEXTS.greeting(displayName(recipient)),
        // The sentence is a notification's (translated as one text), its full stop the mail's.
        paragraphs: [`${textIn(locale, content.sentence)}.`],
        action: { label: content.actionLabel, url: actionUrl },
        footnote: MAIL_TEXTS.notification.footnote(INSTANCE_NAME, unsubscribeUrl),
      },
      locale,
    ),
  };
  await mailer.mail.enqueue(db, mail);
}

/** The mail of a money notification (tip, unlock, new subscriber), from the notification as presented. */
export function moneyMailContent(view: NotificationView) {
  return {
    subject: view.text,
    sentence: view.text,
    targetUrl: view.targetUrl,
    actionLabel: MAIL_TEXTS.accountApproved.action(INSTANCE_NAME),
  };
}
