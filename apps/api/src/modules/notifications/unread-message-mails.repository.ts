import { and, eq, gt, isNotNull, lte, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client";
import { messageMailNotices } from "../../db/schema/mail";
import { conversations, messages } from "../../db/schema/messaging";
import { users } from "../../db/schema/users";
import { userSummaryColumns } from "../users/user-summary.repository";

const sender = alias(users, "sender");

/** The moments that decide which unread messages are due a mail (unread-message-mails.service.ts). */
export interface UnreadMailCutoffs {
  /** Messages sent at or before this have waited long enough. */
  dueBefore: Date;
  /** Messages sent before this are too old to mail about. */
  oldest: Date;
  /** A conversation mailed about after this is not mailed about again yet. */
  mailedBefore: Date;
  /** How long a message waits before its mail: the last mail covered the messages that were this old then. */
  delayMs: number;
}

/**
 * Recipients (side 1 or 2 of a conversation) with a message unread since `dueBefore` that no mail reported yet (the
 * last mail covered the messages that were `delayMs` old when it was sent), who want email notifications and were
 * not mailed about this conversation since `mailedBefore`; at most `limit`.
 */
export function findUnreadMessageMailsDue(db: Executor, side: 1 | 2, cutoffs: UnreadMailCutoffs, limit: number) {
  const recipientId = side === 1 ? conversations.participant1Id : conversations.participant2Id;
  const senderId = side === 1 ? conversations.participant2Id : conversations.participant1Id;
  const unread = side === 1 ? conversations.participant1Unread : conversations.participant2Unread;
  const lastReadAt = side === 1 ? conversations.participant1LastReadAt : conversations.participant2LastReadAt;
  const dueBefore = cutoffs.dueBefore.toISOString();
  const oldest = cutoffs.oldest.toISOString();
  return db
    .select({
      conversationId: conversations.id,
      recipient: {
        id: users.id,
        email: users.email,
        username: users.username,
        firstName: users.firstName,
        lastName: users.lastName,
        preferences: users.preferences,
      },
      sender: userSummaryColumns(sender),
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
        or(sql`${messageMailNotices.lastMailedAt} is null`, lte(messageMailNotices.lastMailedAt, cutoffs.mailedBefore)),
        sql`exists (select 1 from ${messages} where ${messages.conversationId} = ${conversations.id}
          and ${messages.senderId} = ${senderId}
          and ${messages.createdAt} > coalesce(${lastReadAt}, '-infinity'::timestamptz)
          and ${messages.createdAt} > coalesce(${messageMailNotices.lastMailedAt} - ${`${cutoffs.delayMs} milliseconds`}::interval, '-infinity'::timestamptz)
          and ${messages.createdAt} <= ${dueBefore}::timestamptz
          and ${messages.createdAt} > ${oldest}::timestamptz)`,
      ),
    )
    .limit(limit);
}

/**
 * Claims the (recipient, conversation) mail slot: true when nobody mailed about it since `mailedBefore`. One
 * statement, so two processes (or a re-run) never both mail.
 */
export async function claimUnreadMessageMailSlot(
  db: Executor,
  userId: string,
  conversationId: string,
  now: Date,
  mailedBefore: Date,
): Promise<boolean> {
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
