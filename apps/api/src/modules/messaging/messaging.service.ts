import { MESSAGE_RATE_LIMIT } from "@plaza/contracts/constants";
import {
  type ConversationView,
  MESSAGE_TEXTS,
  MESSAGING_SCREEN_TEXTS,
  type MessageView,
  type SendMessageBody,
  TYPING_SIGNAL_INTERVAL_MS,
} from "@plaza/contracts/messaging";
import type { PageQuery } from "@plaza/contracts/pagination";
import type { AppContext } from "../../app-context";
import type { Executor } from "../../db/client";
import { badRequest, forbidden, tooManyRequests } from "../../lib/app-error";
import { decodeCursor, mapPage, type Page } from "../../lib/cursor";
import type { LiveEvent } from "../../lib/live-events";
import { inTransaction } from "../../lib/unit-of-work";
import { assertNewAccountMayMessage } from "../instance/new-account-limits";
import { notify } from "../notifications/notifications.service";
import { isBlockedEitherWay, isFollowing } from "../relationships/relationships.repository";
import { resolveOwnUpload } from "../uploads/uploads.service";
import { onlineAmong, presentPresence } from "../users/presence";
import { assertCanMessage, assertParticipant, assertRecipientIdUsable } from "./messaging.policy";
import { presentConversation, presentMessage } from "./messaging.presenter";
import {
  areReadReceiptsShown,
  countUnreadMessagesOf,
  findConversationById,
  findRecipient,
  hasUnreadMessageNotification,
  insertMessageAdvancingConversation,
  listConversationsOf,
  listMessagesOf,
  markConversationReadBy,
} from "./messaging.repository";

/** Where a failed live push is reported; the message itself is already committed. */
export interface WarningLog {
  warn(details: object, message: string): void;
}

const PREVIEW_LENGTH = 100;

/** The recipient of a send, loaded and checked against the messaging policy (throws its refusal). */
async function loadMessageableRecipient(db: Executor, senderId: string, recipientId: string) {
  assertRecipientIdUsable(senderId, recipientId);
  return assertCanMessage(await findRecipient(db, senderId, recipientId));
}

async function publishQuietly(context: AppContext, log: WarningLog, userId: string, event: LiveEvent): Promise<void> {
  try {
    await context.liveEvents.publish(userId, event);
  } catch (error) {
    log.warn({ err: error, userId, eventType: event.type }, "live event not delivered");
  }
}

/** Pushes the viewer's new unread total to every open tab of theirs. */
async function publishUnreadCount(context: AppContext, log: WarningLog, userId: string): Promise<number> {
  const count = await countUnreadMessagesOf(context.db, userId);
  await publishQuietly(context, log, userId, { type: "unread.changed", payload: { count } });
  return count;
}

/**
 * Sends a direct message (docs/PRODUCT.md §5, docs/PRODUCT.md "Privacy"): the per-user rolling limit (429), then the
 * recipient rules (404/400/403), then one atomic write: the conversation (created if needed; activity, preview
 * and unread counter), the message, and the recipient's notification when they have no unread one. After commit
 * the message and the recipient's unread count go live to both people's open tabs.
 */
export async function sendMessage(
  context: AppContext,
  sender: { id: string; createdAt: Date },
  body: SendMessageBody,
  log: WarningLog,
): Promise<MessageView> {
  const senderId = sender.id;
  // The rolling limit (Redis when configured) and the recipient's facts (the database) are independent, so they are
  // asked side by side: one round trip less before the message is stored and pushed. A refused limit still wins,
  // as if it had been checked first.
  const [limit, recipientCheck] = await Promise.all([
    context.rateLimiter.hit(`messages:${senderId}`, MESSAGE_RATE_LIMIT.max, MESSAGE_RATE_LIMIT.windowMs),
    loadMessageableRecipient(context.db, senderId, body.recipientId).then(
      (found) => ({ found }),
      (refusal: unknown) => ({ refusal }),
    ),
  ]);
  if (!limit.allowed) throw tooManyRequests(MESSAGE_TEXTS.rateLimited, limit.retryAfterMs);
  if ("refusal" in recipientCheck) throw recipientCheck.refusal;
  const recipient = recipientCheck.found;
  await assertNewAccountMayMessage(context, sender, () => isFollowing(context.db, body.recipientId, senderId));
  const mediaUrls = await resolveMessagePhotos(context, senderId, body.mediaUrls);
  const content = body.content ?? "";

  const send = (db: Executor) =>
    insertMessageAdvancingConversation(db, {
      senderId,
      recipientId: body.recipientId,
      content,
      mediaUrls,
      preview: (content || MESSAGING_SCREEN_TEXTS.photoPreview).slice(0, PREVIEW_LENGTH),
      now: context.clock.now(),
    });
  // One unread "message" notification per conversation at a time, not one per message. While the recipient still
  // has one (the usual case in a conversation) the send is that one statement; otherwise the notification is made
  // in the same transaction, checked again under the conversation's row lock so concurrent sends make only one.
  const message = recipient.hasUnreadMessageNotification
    ? await send(context.db)
    : await inTransaction(context, async (tx, effects) => {
        const inserted = await send(tx);
        if (!(await hasUnreadMessageNotification(tx, body.recipientId, inserted.conversationId))) {
          await notify(tx, effects, {
            userId: body.recipientId,
            type: "message",
            actorId: senderId,
            entityType: "conversation",
            entityId: inserted.conversationId,
          });
        }
        return inserted;
      });

  // Just sent: not read by anyone yet, whatever the receipts setting.
  const view = presentMessage(message, false);
  const created: LiveEvent = {
    type: "message.created",
    payload: { conversationId: view.conversationId, message: view },
  };
  await Promise.all([
    publishQuietly(context, log, body.recipientId, created),
    publishQuietly(context, log, senderId, created),
    publishUnreadCount(context, log, body.recipientId),
  ]);
  return view;
}

/**
 * The pictures of a message: each one of the sender's own finished picture uploads, as for posts (400 otherwise),
 * stored as its canonical object address; at most MESSAGE_MEDIA_MAX (the body schema), no picture twice.
 */
async function resolveMessagePhotos(context: AppContext, senderId: string, urls: string[]): Promise<string[]> {
  const resolved: string[] = [];
  for (const url of urls) {
    const address = await resolveOwnUpload(context, url, senderId);
    if (resolved.includes(address)) throw badRequest(MESSAGE_TEXTS.duplicatePhoto, "mediaUrls");
    resolved.push(address);
  }
  return resolved;
}

/** The viewer's conversations, most recent activity first. */
export async function listConversations(
  context: AppContext,
  viewerId: string,
  query: PageQuery,
): Promise<Page<ConversationView>> {
  const page = await listConversationsOf(context.db, viewerId, {
    limit: query.limit,
    cursor: decodeCursor(query.cursor),
  });
  const online = await onlineAmong(
    context,
    page.items.map((row) => row.other.id),
  );
  return mapPage(page, (row) =>
    presentConversation(
      row.conversation,
      row.other,
      viewerId,
      row.isOtherBlockingViewer,
      presentPresence(
        viewerId,
        { id: row.other.id, profileType: row.other.profileType, ...row.otherPresence },
        online.has(row.other.id),
      ),
    ),
  );
}

/** A page of messages, newest first; only for the two participants (others get 404). */
export async function listMessages(
  context: AppContext,
  viewerId: string,
  conversationId: string,
  query: PageQuery,
): Promise<Page<MessageView>> {
  const conversation = assertParticipant(await findConversationById(context.db, conversationId), viewerId);
  const [page, areReceiptsShown] = await Promise.all([
    listMessagesOf(context.db, conversationId, { limit: query.limit, cursor: decodeCursor(query.cursor) }),
    areReadReceiptsShown(context.db, conversation),
  ]);
  return mapPage(page, (row) => presentMessage(row, areReceiptsShown));
}

/**
 * Marks a conversation read for the viewer: their unread counter goes to zero and the other side's messages get
 * their readAt. Returns (and pushes to their tabs) the new unread total; when messages were stamped and both show
 * read receipts, the sender's tabs learn it at once ("conversation.read").
 */
export async function markConversationRead(
  context: AppContext,
  viewerId: string,
  conversationId: string,
  log: WarningLog,
): Promise<number> {
  const conversation = assertParticipant(await findConversationById(context.db, conversationId), viewerId);
  const now = context.clock.now();
  const stamped = await markConversationReadBy(context.db, conversation, viewerId, now);
  const otherId = otherParticipantOf(conversation, viewerId);
  const [count] = await Promise.all([
    publishUnreadCount(context, log, viewerId),
    stamped > 0 &&
      areReadReceiptsShown(context.db, conversation).then((isShown) =>
        isShown
          ? publishQuietly(context, log, otherId, {
              type: "conversation.read",
              payload: { conversationId, readerId: viewerId, readAt: now.toISOString() },
            })
          : undefined,
      ),
  ]);
  return count;
}

function otherParticipantOf(conversation: { participant1Id: string; participant2Id: string }, viewerId: string) {
  return conversation.participant1Id === viewerId ? conversation.participant2Id : conversation.participant1Id;
}

/**
 * "typing…": tells the other participant's open tabs that the viewer is typing in the conversation. Participants
 * only (404); refused while either has blocked the other (403). At most one signal per TYPING_SIGNAL_INTERVAL_MS per
 * conversation and sender reaches them; the calls between are accepted and dropped.
 */
export async function signalTyping(
  context: AppContext,
  viewerId: string,
  conversationId: string,
  log: WarningLog,
): Promise<void> {
  const conversation = assertParticipant(await findConversationById(context.db, conversationId), viewerId);
  const otherId = otherParticipantOf(conversation, viewerId);
  if (await isBlockedEitherWay(context.db, viewerId, otherId))
    throw forbidden(MESSAGE_TEXTS.blocked, "MESSAGE_BLOCKED");
  const slot = await context.rateLimiter.hit(`typing:${conversationId}:${viewerId}`, 1, TYPING_SIGNAL_INTERVAL_MS);
  if (!slot.allowed) return;
  await publishQuietly(context, log, otherId, { type: "typing", payload: { conversationId, userId: viewerId } });
}

export function countUnreadMessages(context: AppContext, viewerId: string): Promise<number> {
  return countUnreadMessagesOf(context.db, viewerId);
}

/** Marks a conversation read (markConversationRead) and answers the viewer's unread total left. */
export async function readConversation(
  context: AppContext,
  viewerId: string,
  conversationId: string,
  log: WarningLog,
): Promise<{ count: number }> {
  return { count: await markConversationRead(context, viewerId, conversationId, log) };
}

/** The viewer's unread messages in total, as the API answers it. */
export async function getUnreadMessageCount(context: AppContext, viewerId: string): Promise<{ count: number }> {
  return { count: await countUnreadMessages(context, viewerId) };
}
