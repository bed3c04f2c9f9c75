import { displayName } from "@plaza/contracts/users";
import { and, eq, gt, isNotNull, lte, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AppContext } from "../../app-context";
import type { Executor } from "../../db/client";
import { messageMailNotices } from "../../db/schema/mail";
import { conversations, messages } from "../../db/schema/messaging";
import { users } from "../../db/schema/users";
import { configuredBaseUrl } from "../../lib/mail/links";
import { isBlockedEitherWay } from "../relationships/relationships.repository";
import { enqueueNotificationMail } from "./notification-mails";

/** A message still unread this long sends its recipient a mail (docs/PRODUCT.md "Notifications"). */
export const UNREAD_MESSAGE_MAIL_DELAY_MS = 15 * 60_000;
/** At most one such mail per recipient and conversation in this time. */
export const UNREAD_MESSAGE_MAIL_INTERVAL_MS = 60 * 60_000;
/** Older unread messages are not mailed about (e.g. after a long outage of the job). */
const UNREAD_MESSAGE_MAIL_MAX_AGE_MS = 2 * 24 * 60 * 60_000;
const BATCH_SIZE = 100;

const sender = alias(users, "sender");

/**
 * Recipients (one side of a conversation) with a message unread for 15 minutes that no mail reported yet (the last
 * mail covered the messages that were 15 minutes old when it was sent), who
 * want email notifications and were not mailed about this conversation in the last hour.
 */
function findDue(db: Executor, side: 1 | 2, now: Date) {
  const recipientId = side === 1 ? conversations.participant1Id : conversations.participant2Id;
  const senderId = side === 1 ? conversations.participant2Id : conversations.participant1Id;
  const unread = side === 1 ? conversations.participant1Unread : conversations.participant2Unread;
  const lastReadAt = side === 1 ? conversations.participant1LastReadAt : conversations.participant2LastReadAt;
  const dueBefore = new Date(now.getTime() - UNREAD_MESSAGE_MAIL_DELAY_MS).toISOString();
  const oldest = new Date(now.getTime() - UNREAD_MESSAGE_MAIL_MAX_AGE_MS).toISOString();
  const mailedBefore = new Date(now.getTime() - UNREAD_MESSAGE_MAIL_INTERVAL_MS);
  return db
    .select({
      conversationId: conversations.id,
      recipient: {
        id: users.id,
        email: users.email,
        username: users.username,
        firstName: users.firstName,
        lastName: users.lastName,
      },
      sender: { id: sender.id, username: sender.username, firstName: sender.firstName, lastName: sender.lastName },
    })
    .from(conversations)
    .innerJoin(users, eq(users.id, recipientId))
    .innerJoin(sender, eq(sender.id, senderId))
    .leftJoin(
      messageMailNotices,
      and(eq(messageMailNotices.userId, recipientId), eq(messageMailNotices.conversationId, conversations.id)),
    )
    .where(
      and(
        gt(unread, 0),
        eq(users.isDeleted, false),
        isNotNull(users.emailVerifiedAt),
        sql`coalesce((${users.preferences} ->> 'emailNotifications')::boolean, true)`,
        or(sql`${messageMailNotices.lastMailedAt} is null`, lte(messageMailNotices.lastMailedAt, mailedBefore)),
        sql`exists (select 1 from ${messages} where ${messages.conversationId} = ${conversations.id}
          and ${messages.senderId} = ${senderId}
          and ${messages.createdAt} > coalesce(${lastReadAt}, '-infinity'::timestamptz)
          and ${messages.createdAt} > coalesce(${messageMailNotices.lastMailedAt} - ${`${UNREAD_MESSAGE_MAIL_DELAY_MS} milliseconds`}::interval, '-infinity'::timestamptz)
          and ${messages.createdAt} <= ${dueBefore}::timestamptz
          and ${messages.createdAt} > ${oldest}::timestamptz)`,
      ),
    )
    .limit(BATCH_SIZE);
}

/**
 * Claims the (recipient, conversation) mail slot: true when nobody mailed about it in the last hour. One statement,
 * so two processes (or a re-run) never both mail.
 */
async function claimMailSlot(db: Executor, userId: string, conversationId: string, now: Date): Promise<boolean> {
  const mailedBefore = new Date(now.getTime() - UNREAD_MESSAGE_MAIL_INTERVAL_MS);
  const claimed = await db
    .insert(messageMailNotices)
    .values({ userId, conversationId, lastMailedAt: now })
    .onConflictDoUpdate({
      target: [messageMailNotices.userId, messageMailNotices.conversationId],
      set: { lastMailedAt: now },
      setWhere: lte(messageMailNotices.lastMailedAt, mailedBefore),
    })
    .returning({ userId: messageMailNotices.userId });
  return claimed.length > 0;
}

/**
 * The `unread-message-mails` job: mails each recipient of a message still unread after 15 minutes (at most one
 * mail per conversation per hour). Works only from the database, so re-runs and restarts send nothing twice.
 */
export async function mailUnreadMessages(context: AppContext): Promise<number> {
  const now = context.clock.now();
  const mailer = { mail: context.mail, clock: context.clock, baseUrl: configuredBaseUrl(context.env) };
  let mailed = 0;
  for (const side of [1, 2] as const) {
    const found = await findDue(context.db, side, now);
    for (const due of found) {
      const didMail = await context.db.transaction(async (tx) => {
        if (await isBlockedEitherWay(tx, due.recipient.id, due.sender.id)) return false;
        if (!(await claimMailSlot(tx, due.recipient.id, due.conversationId, now))) return false;
        const who = displayName(due.sender);
        await enqueueNotificationMail(tx, mailer, due.recipient, {
          subject: `${who} sent you a message`,
          sentence: `${who} sent you a message on Plaza that you haven't read yet`,
          targetUrl: `/messages/${due.conversationId}`,
          actionLabel: "Read the message",
        });
        return true;
      });
      if (didMail) mailed += 1;
    }
  }
  if (mailed > 0) context.mail.kick();
  return mailed;
}
