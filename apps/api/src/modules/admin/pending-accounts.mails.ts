import type { Locale } from "@plaza/contracts/i18n.texts";
import { MAIL_TEXTS } from "@plaza/contracts/mails.texts";
import { displayName } from "@plaza/contracts/users";
import { INSTANCE_NAME, renderMail } from "../../lib/mail/layout";
import type { OutgoingMail } from "../../lib/mail/transport";

interface Recipient {
  email: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
}

/** Mailed when an administrator approves an account that waited for approval. */
export function accountApprovedMail(user: Recipient, baseUrl: string, locale: Locale): OutgoingMail {
  const url = `${baseUrl}/`;
  const texts = MAIL_TEXTS.accountApproved;
  return {
    to: user.email,
    actionUrl: url,
    ...renderMail(
      {
        subject: texts.subject,
        greeting: MAIL_TEXTS.greeting(displayName(user)),
        paragraphs: [texts.body(INSTANCE_NAME)],
        action: { label: texts.action(INSTANCE_NAME), url },
      },
      locale,
    ),
  };
}

/** Mailed when an administrator rejects an account that waited for approval. */
export function accountRejectedMail(user: Recipient, locale: Locale): OutgoingMail {
  const texts = MAIL_TEXTS.accountRejected;
  return {
    to: user.email,
    ...renderMail(
      {
        subject: texts.subject,
        greeting: MAIL_TEXTS.greeting(displayName(user)),
        paragraphs: [texts.body(INSTANCE_NAME), texts.advice],
      },
      locale,
    ),
  };
}
