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

function withAction(to: string, url: string, content: Parameters<typeof renderMail>[0], locale: Locale): OutgoingMail {
  return { to, actionUrl: url, ...renderMail(content, locale) };
}

export function verificationMail(user: Recipient, url: string, locale: Locale): OutgoingMail {
  const texts = MAIL_TEXTS.verification;
  return withAction(
    user.email,
    url,
    {
      subject: texts.subject,
      greeting: MAIL_TEXTS.greeting(displayName(user)),
      paragraphs: [texts.body(INSTANCE_NAME)],
      action: { label: texts.action, url },
      footnote: texts.footnote(INSTANCE_NAME),
    },
    locale,
  );
}

export function passwordResetMail(user: Recipient, url: string, locale: Locale): OutgoingMail {
  const texts = MAIL_TEXTS.passwordReset;
  return withAction(
    user.email,
    url,
    {
      subject: texts.subject,
      greeting: MAIL_TEXTS.greeting(displayName(user)),
      paragraphs: [texts.body(INSTANCE_NAME)],
      action: { label: texts.action, url },
      footnote: texts.footnote,
    },
    locale,
  );
}

export function emailChangeConfirmationMail(
  user: Recipient,
  newEmail: string,
  url: string,
  locale: Locale,
): OutgoingMail {
  const texts = MAIL_TEXTS.emailChange;
  return withAction(
    newEmail,
    url,
    {
      subject: texts.subject,
      greeting: MAIL_TEXTS.greeting(displayName(user)),
      paragraphs: [texts.body(INSTANCE_NAME)],
      action: { label: texts.action, url },
      footnote: texts.footnote,
    },
    locale,
  );
}

export function emailChangeNoticeMail(user: Recipient, newEmail: string, locale: Locale): OutgoingMail {
  const masked = newEmail.replace(/^(.).*(@.*)$/, "$1…$2");
  const texts = MAIL_TEXTS.emailChangeNotice;
  return {
    to: user.email,
    ...renderMail(
      {
        subject: texts.subject,
        greeting: MAIL_TEXTS.greeting(displayName(user)),
        paragraphs: [texts.body(INSTANCE_NAME, masked), texts.advice],
      },
      locale,
    ),
  };
}

export function passwordChangedMail(user: Recipient, locale: Locale): OutgoingMail {
  const texts = MAIL_TEXTS.passwordChanged;
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

/** The notice mailed when two-factor sign-in is turned on or off (docs/PRODUCT.md: account changes are mailed). */
export function twoFactorChangedMail(user: Recipient, isEnabled: boolean, locale: Locale): OutgoingMail {
  const texts = MAIL_TEXTS.twoFactor;
  return {
    to: user.email,
    ...renderMail(
      {
        subject: isEnabled ? texts.subjectOn : texts.subjectOff,
        greeting: MAIL_TEXTS.greeting(displayName(user)),
        paragraphs: [isEnabled ? texts.bodyOn(INSTANCE_NAME) : texts.bodyOff(INSTANCE_NAME), texts.advice],
      },
      locale,
    ),
  };
}
