import type { Locale } from "@plaza/contracts/i18n.texts";
import { MAIL_TEXTS } from "@plaza/contracts/mails.texts";
import { APPEAL_WINDOW_DAYS, type ModerationAction, noticeHeadline } from "@plaza/contracts/moderation";
import { displayName } from "@plaza/contracts/users";
import { renderMail } from "../../lib/mail/layout";
import type { OutgoingMail } from "../../lib/mail/transport";

interface Recipient {
  email: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
}

/** The notice mailed with every moderation action: what, which rule, which post, and how to appeal. */
export function noticeMail(
  user: Recipient,
  notice: {
    action: ModerationAction;
    rule: string;
    reason: string;
    postPreview: string | null;
    suspendUntil: Date | null;
  },
  url: string,
  locale: Locale,
): OutgoingMail {
  const texts = MAIL_TEXTS.notice;
  const paragraphs = [
    noticeHeadline(notice.action, notice.suspendUntil?.toISOString() ?? null),
    texts.rule(notice.rule),
    ...(notice.postPreview ? [texts.post(notice.postPreview)] : []),
    ...(notice.reason ? [texts.moderatorWrote(notice.reason)] : []),
    texts.appeal(APPEAL_WINDOW_DAYS),
  ];
  return {
    to: user.email,
    actionUrl: url,
    ...renderMail(
      {
        subject: texts.subject,
        greeting: MAIL_TEXTS.greeting(displayName(user)),
        paragraphs,
        action: { label: texts.action, url },
      },
      locale,
    ),
  };
}

/** The answer to an appeal. */
export function appealDecisionMail(
  user: Recipient,
  isGranted: boolean,
  note: string,
  url: string,
  locale: Locale,
): OutgoingMail {
  const texts = MAIL_TEXTS.appealDecision;
  return {
    to: user.email,
    actionUrl: url,
    ...renderMail(
      {
        subject: isGranted ? texts.subjectGranted : texts.subjectDenied,
        greeting: MAIL_TEXTS.greeting(displayName(user)),
        paragraphs: [
          isGranted ? texts.granted : texts.denied,
          ...(note ? [MAIL_TEXTS.notice.moderatorWrote(note)] : []),
        ],
        action: { label: MAIL_TEXTS.notice.action, url },
      },
      locale,
    ),
  };
}
