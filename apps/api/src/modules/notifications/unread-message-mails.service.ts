import { MAIL_TEXTS } from "@plaza/contracts/mails.texts";
import type { AppContext } from "../../app-context";
import { INSTANCE_NAME } from "../../lib/mail/layout";
import { configuredBaseUrl } from "../../lib/mail/links";
import { accountLocale } from "../instance/instance.service";
import { isBlockedEitherWay } from "../relationships/relationships.repository";
import { shownName } from "../users/users.presenter";
import { enqueueNotificationMail } from "./notification-mails";
import { claimUnreadMessageMailSlot, findUnreadMessageMailsDue } from "./unread-message-mails.repository";

/** A message still unread this long sends its recipient a mail (docs/PRODUCT.md "Notifications"). */
export const UNREAD_MESSAGE_MAIL_DELAY_MS = 15 * 60_000;
/** At most one such mail per recipient and conversation in this time. */
export const UNREAD_MESSAGE_MAIL_INTERVAL_MS = 60 * 60_000;
/** Older unread messages are not mailed about (e.g. after a long outage of the job). */
const UNREAD_MESSAGE_MAIL_MAX_AGE_MS = 2 * 24 * 60 * 60_000;
const BATCH_SIZE = 100;

/**
 * The `unread-message-mails` job: mails each recipient of a message still unread after 15 minutes (at most one
 * mail per conversation per hour). Works only from the database, so re-runs and restarts send nothing twice.
 */
export async function mailUnreadMessages(context: AppContext): Promise<number> {
  const now = context.clock.now();
  const mailer = { mail: context.mail, clock: context.clock, baseUrl: configuredBaseUrl(context.env) };
  const cutoffs = {
    dueBefore: new Date(now.getTime() - UNREAD_MESSAGE_MAIL_DELAY_MS),
    oldest: new Date(now.getTime() - UNREAD_MESSAGE_MAIL_MAX_AGE_MS),
    mailedBefore: new Date(now.getTime() - UNREAD_MESSAGE_MAIL_INTERVAL_MS),
    delayMs: UNREAD_MESSAGE_MAIL_DELAY_MS,
  };
  let mailed = 0;
  for (const side of [1, 2] as const) {
    const found = await findUnreadMessageMailsDue(context.db, side, cutoffs, BATCH_SIZE);
    for (const due of found) {
      const didMail = await context.db.transaction(async (tx) => {
        if (await isBlockedEitherWay(tx, due.recipient.id, due.sender.id)) return false;
        const claimed = await claimUnreadMessageMailSlot(
          tx,
          due.recipient.id,
          due.conversationId,
          now,
          cutoffs.mailedBefore,
        );
        if (!claimed) return false;
        const who = shownName(due.sender);
        const texts = MAIL_TEXTS.notification;
        await enqueueNotificationMail(
          tx,
          mailer,
          due.recipient,
          {
            subject: texts.unreadSubject(who),
            sentence: texts.unreadSentence(who, INSTANCE_NAME),
            targetUrl: `/messages/${due.conversationId}`,
            actionLabel: texts.readMessage,
          },
          await accountLocale(context, due.recipient, tx),
        );
        return true;
      });
      if (didMail) mailed += 1;
    }
  }
  if (mailed > 0) context.mail.kick();
  return mailed;
}
