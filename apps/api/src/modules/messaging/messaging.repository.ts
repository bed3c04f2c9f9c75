import { and, eq, inArray, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client";
import { preparedStatement } from "../../db/prepared";
import { conversations, messages } from "../../db/schema/messaging";
import { notifications } from "../../db/schema/notifications";
import { users } from "../../db/schema/users";
import { encodeCursor, type KeysetCursor } from "../../lib/cursor";
import { newestFirst, type PageRequest, type PageWindow, pageWindow, paginate } from "../../lib/paginate";
import { followedBy, hasBlocked, notBlockedWith } from "../relationships/relationships.repository";
import { userSummaryColumns } from "../users/user-summary.repository";

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

/** SQL condition: `userId` has an unread "message" notification for the conversation `conversationId`. */
function unreadMessageNotification(userId: AnyPgColumn | string, conversationId: SQL | string) {
  return sql`exists (select 1 from ${notifications} where ${notifications.userId} = ${userId} and ${notifications.type} = 'message' and ${notifications.readAt} is null and ${notifications.entityId} = ${conversationId})`;
}

/** The id (as text, like a notification's entityId) of the pair's conversation, or null. */
function conversationIdOfPair(participant1Id: string, participant2Id: string) {
  return sql`(select ${conversations.id}::text from ${conversations} where ${conversations.participant1Id} = ${participant1Id} and ${conversations.participant2Id} = ${participant2Id})`;
}

/**
 * What a send needs to know about a recipient, in one query (sending a message is on the live path: every round
 * trip before the commit delays delivery): the rules' facts, the sender's relationship to them, and whether they
 * still have an unread "message" notification for the pair's conversation.
 */
export async function findRecipient(db: Executor, senderId: string, recipientId: string) {
  const [participant1Id, participant2Id] = orderedPair(senderId, recipientId);
  // A named prepared statement (see preparedStatement): planning it took longer than running it.
  const statement = preparedStatement(db, "message_recipient", (name) => {
    const sender = sql.placeholder("senderId") as unknown as string;
    return db
      .select({
        id: users.id,
        isDeleted: users.isDeleted,
        preferences: users.preferences,
        isBlockedEitherWay: sql<boolean>`not ${notBlockedWith(sender, users.id)}`,
        isFollowedBySender: sql<boolean>`${followedBy(sender, users.id)}`,
        hasUnreadMessageNotification: sql<boolean>`${unreadMessageNotification(
          users.id,
          conversationIdOfPair(
            sql.placeholder("participant1Id") as unknown as string,
            sql.placeholder("participant2Id") as unknown as string,
          ),
        )}`,
      })
      .from(users)
      .where(eq(users.id, sql.placeholder("recipientId")))
      .limit(1)
      .prepare(name);
  });
  const [row] = await statement.execute({ senderId, recipientId, participant1Id, participant2Id });
  return row ?? null;
}

/** The ordered pair of a conversation: participant1Id < participant2Id (the unique index and a check hold it). */
export function orderedPair(userA: string, userB: string): [string, string] {
  return userA < userB ? [userA, userB] : [userB, userA];
}

/**
 * Sends a message in one statement, atomic on its own: creates the pair's conversation if needed or moves it
 * forward (last activity, preview, the recipient's unread counter), then inserts the message at the conversation's
 * new activity time. The row lock the upsert takes orders concurrent sends, and that time is strictly after the
 * previous message's, so keyset order equals sending order even within one millisecond.
 */
export async function insertMessageAdvancingConversation(
  db: Executor,
  values: {
    senderId: string;
    recipientId: string;
    content: string;
    mediaUrls: string[];
    preview: string;
    now: Date;
  },
): Promise<MessageRow> {
  const { senderId, now } = values;
  const [participant1Id, participant2Id] = orderedPair(senderId, values.recipientId);
  const isSenderParticipant1 = participant1Id === senderId;
  const upsert = db
    .insert(conversations)
    .values({
      participant1Id,
      participant2Id,
      lastActivityAt: now,
      createdAt: now,
      lastMessagePreview: values.preview,
      participant1Unread: isSenderParticipant1 ? 0 : 1,
      participant2Unread: isSenderParticipant1 ? 1 : 0,
    })
    .onConflictDoUpdate({
      target: [conversations.participant1Id, conversations.participant2Id],
      set: {
        lastActivityAt: sql`greatest(${now.toISOString()}::timestamptz, ${conversations.lastActivityAt} + interval '1 millisecond')`,
        lastMessagePreview: values.preview,
        ...(isSenderParticipant1
          ? { participant2Unread: sql`${conversations.participant2Unread} + 1` }
          : { participant1Unread: sql`${conversations.participant1Unread} + 1` }),
      },
    })
    .returning({ id: conversations.id, lastActivityAt: conversations.lastActivityAt });
  const result = (await db.execute(sql`
    with conversation as (${upsert.getSQL()})
    insert into ${messages} (conversation_id, sender_id, content, message_type, media_urls, created_at)
    select conversation.id, ${senderId}::uuid, ${values.content}, 'text', ${sql.param(values.mediaUrls)}::text[],
      conversation.last_activity_at
    from conversation
    returning id, conversation_id, sender_id, content, message_type, media_urls, created_at`)) as {
    rows: {
      id: string;
      conversation_id: string;
      sender_id: string;
      content: string;
      message_type: string;
      media_urls: string[] | string;
      created_at: Date | string;
    }[];
  };
  const row = result.rows[0];
  if (!row) throw new Error("message insert returned nothing");
  return {
    id: row.id,
    conversationId: row.conversation_id,
    senderId: row.sender_id,
    content: row.content,
    messageType: row.message_type,
    mediaUrls: parseTextArray(row.media_urls),
    readAt: null,
    createdAt: new Date(row.created_at),
  };
}

/** A text[] as a raw query returns it: an array, or (some drivers) its literal `{a,b}` (addresses hold no commas). */
function parseTextArray(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, "");
  return inner ? inner.split(",").map((item) => item.replace(/^"|"$/g, "")) : [];
}

export async function findConversationById(db: Executor, conversationId: string): Promise<ConversationRow | null> {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, conversationId)).limit(1);
  return row ?? null;
}

const otherUser = alias(users, "other_user");

/** Conversations are listed by last activity, newest first. */
const byLastActivity = newestFirst(conversations.lastActivityAt, conversations.id);

/** The viewer's conversations, most recent activity first, with the other participant and whether they have blocked
 * the viewer (one query). */
export function listConversationsOf(db: Executor, viewerId: string, page: PageRequest<KeysetCursor>) {
  return paginate(
    page,
    byLastActivity,
    (window) => conversationsQuery(db, viewerId, window),
    (row) => encodeCursor({ createdAt: row.conversation.lastActivityAt, id: row.conversation.id }),
  );
}

/** The query of one page of listConversationsOf, so a test can EXPLAIN exactly what runs. */
export function conversationsPageQuery(db: Executor, viewerId: string, page: PageRequest<KeysetCursor>) {
  return conversationsQuery(db, viewerId, pageWindow(page, byLastActivity));
}

function conversationsQuery(db: Executor, viewerId: string, { after, orderBy, limit }: PageWindow) {
  const isViewerParticipant = or(
    eq(conversations.participant1Id, viewerId),
    eq(conversations.participant2Id, viewerId),
  );
  return db
    .select({
      conversation: conversations,
      other: userSummaryColumns(otherUser),
      isOtherBlockingViewer: hasBlocked(otherUser.id, viewerId),
      otherPresence: { preferences: otherUser.preferences, lastActiveAt: otherUser.lastActiveAt },
    })
    .from(conversations)
    .innerJoin(
      otherUser,
      sql`${otherUser.id} = case when ${conversations.participant1Id} = ${viewerId} then ${conversations.participant2Id} else ${conversations.participant1Id} end`,
    )
    .where(and(isViewerParticipant, after))
    .orderBy(...orderBy)
    .limit(limit);
}

const newestMessageFirst = newestFirst(messages.createdAt, messages.id);

/** A page of a conversation's messages, newest first. */
export function listMessagesOf(db: Executor, conversationId: string, page: PageRequest<KeysetCursor>) {
  return paginate(page, newestMessageFirst, (window) => messagesQuery(db, conversationId, window), encodeCursor);
}

/** The query of one page of listMessagesOf, so a test can EXPLAIN exactly what runs. */
export function messagesPageQuery(db: Executor, conversationId: string, page: PageRequest<KeysetCursor>) {
  return messagesQuery(db, conversationId, pageWindow(page, newestMessageFirst));
}

function messagesQuery(db: Executor, conversationId: string, { after, orderBy, limit }: PageWindow) {
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), after))
    .orderBy(...orderBy)
    .limit(limit);
}

/**
 * Sets the viewer's unread counter of one conversation to zero and stamps the other side's unread messages read.
 * Returns how many messages it stamped.
 */
export async function markConversationReadBy(
  db: Executor,
  conversation: ConversationRow,
  viewerId: string,
  now: Date,
): Promise<number> {
  const isParticipant1 = conversation.participant1Id === viewerId;
  const stamped = await db
    .update(messages)
    .set({ readAt: now })
    .where(and(eq(messages.conversationId, conversation.id), ne(messages.senderId, viewerId), isNull(messages.readAt)))
    .returning({ id: messages.id });
  await db
    .update(conversations)
    .set(
      isParticipant1
        ? { participant1Unread: 0, participant1LastReadAt: now }
        : { participant2Unread: 0, participant2LastReadAt: now },
    )
    .where(eq(conversations.id, conversation.id));
  return stamped.length;
}

/**
 * Whether read receipts show in a conversation: only while both participants have showReadReceipts on (it works
 * both ways, docs/PRODUCT.md "Messages and business pages").
 */
export async function areReadReceiptsShown(db: Executor, conversation: ConversationRow): Promise<boolean> {
  const rows = await db
    .select({ shows: sql<boolean>`coalesce((${users.preferences} ->> 'showReadReceipts')::boolean, true)` })
    .from(users)
    .where(inArray(users.id, [conversation.participant1Id, conversation.participant2Id]));
  return rows.length === 2 && rows.every((row) => row.shows);
}

/** The viewer's unread messages over all conversations: a sum of the maintained counters, no message scan. */
export async function countUnreadMessagesOf(db: Executor, viewerId: string): Promise<number> {
  const [row] = await db
    .select({
      count: sql<string>`coalesce(sum(case when ${conversations.participant1Id} = ${viewerId} then ${conversations.participant1Unread} else ${conversations.participant2Unread} end), 0)`,
    })
    .from(conversations)
    .where(or(eq(conversations.participant1Id, viewerId), eq(conversations.participant2Id, viewerId)));
  return Number(row?.count ?? 0);
}

/** True when the user still has an unread "message" notification for this conversation (so we coalesce). */
export async function hasUnreadMessageNotification(
  db: Executor,
  userId: string,
  conversationId: string,
): Promise<boolean> {
  const result = (await db.execute(sql`select ${unreadMessageNotification(userId, conversationId)} as is_unread`)) as {
    rows: { is_unread: boolean }[];
  };
  return result.rows[0]?.is_unread === true;
}
