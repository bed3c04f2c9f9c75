import { MESSAGE_TEXTS } from "@plaza/contracts/messaging";
import type { Executor } from "../../db/client";
import { badRequest, forbidden, notFound } from "../../lib/app-error";
import { findRecipient } from "./messaging.repository";

type Recipient = NonNullable<Awaited<ReturnType<typeof findRecipient>>>;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether `senderId` may send a direct message to `recipientId` (docs/PRODUCT.md §5 "Messages",
 * docs/PRODUCT.md "Privacy"). Throws the refusal with its text: 400 to oneself, 404 unknown or deleted recipient,
 * 403 for a block either way, direct messages turned off, or messagePrivacy none / friends without a follow.
 * Returns what it read about the recipient (the send uses it).
 */
export async function assertCanMessage(db: Executor, senderId: string, recipientId: string): Promise<Recipient> {
  if (recipientId === senderId) throw badRequest(MESSAGE_TEXTS.cannotMessageSelf, "recipientId");
  // All-digit ids pass the §5 format check but name nobody here (ids are UUIDs).
  if (!UUID_PATTERN.test(recipientId)) throw notFound(MESSAGE_TEXTS.recipientNotFound);
  const recipient = await findRecipient(db, senderId, recipientId);
  if (!recipient || recipient.isDeleted) throw notFound(MESSAGE_TEXTS.recipientNotFound);
  if (recipient.isBlockedEitherWay) throw forbidden(MESSAGE_TEXTS.blocked, "MESSAGE_BLOCKED");
  if (recipient.preferences.allowDirectMessages === false) {
    throw forbidden(MESSAGE_TEXTS.directMessagesOff, "MESSAGES_OFF");
  }
  const privacy = recipient.preferences.messagePrivacy ?? "all";
  if (privacy === "none") throw forbidden(MESSAGE_TEXTS.privacyNone, "MESSAGE_PRIVACY_NONE");
  if (privacy === "friends" && !recipient.isFollowedBySender) {
    throw forbidden(MESSAGE_TEXTS.privacyFriends, "MESSAGE_PRIVACY_FRIENDS");
  }
  return recipient;
}

/** Only the two participants may read or mark a conversation; to anyone else it does not exist (404). */
export function assertParticipant<Conversation extends { participant1Id: string; participant2Id: string }>(
  conversation: Conversation | null,
  viewerId: string,
): Conversation {
  if (!conversation || (conversation.participant1Id !== viewerId && conversation.participant2Id !== viewerId)) {
    throw notFound(MESSAGE_TEXTS.conversationNotFound);
  }
  return conversation;
}
