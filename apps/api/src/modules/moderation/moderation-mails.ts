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
): OutgoingMail {
  const paragraphs = [
    noticeHeadline(notice.action, notice.suspendUntil?.toISOString() ?? null),
    `Rule: ${notice.rule}`,
    ...(notice.postPreview ? [`Post: “${notice.postPreview}”`] : []),
    ...(notice.reason ? [`The moderator wrote: ${notice.reason}`] : []),
    `If you think this is a mistake, you may appeal once within ${APPEAL_WINDOW_DAYS} days.`,
  ];
  return {
    to: user.email,
    actionUrl: url,
    ...renderMail({
      subject: "A moderator acted on your account",
      greeting: `Hi ${displayName(user)},`,
      paragraphs,
      action: { label: "Read the notice", url },
    }),
  };
}

/** The answer to an appeal. */
export function appealDecisionMail(user: Recipient, isGranted: boolean, note: string, url: string): OutgoingMail {
  return {
    to: user.email,
    actionUrl: url,
    ...renderMail({
      subject: isGranted ? "Your appeal was granted" : "Your appeal was denied",
      greeting: `Hi ${displayName(user)},`,
      paragraphs: [
        isGranted
          ? "A moderator read your appeal and reversed the action."
          : "A moderator read your appeal and kept the decision.",
        ...(note ? [`The moderator wrote: ${note}`] : []),
      ],
      action: { label: "Read the notice", url },
    }),
  };
}
