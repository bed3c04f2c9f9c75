import { MESSAGE_TEXTS } from "@plaza/contracts/messaging";
import { badRequest, forbidden, notFound } from "../../lib/app-error";

/** What the service loads about a recipient for the send rule. */
export interface RecipientFacts {
  isDeleted: boolean;
  preferences: { allowDirectMessages?: boolean; messagePrivacy?: "all" | "friends" | "none" };
  isBlockedEitherWay: boolean;
  isFollowedBySender: boolean;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The refusals known before reading anything: 400 to oneself, 404 for an id that cannot name an account
 * (all-digit ids pass the docs/PRODUCT.md §5 format check but name nobody here: ids are UUIDs).
 */
export function assertRecipientIdUsable(senderId: string, recipientId: string): void {
  if (recipientId === senderId) throw badRequest(MESSAGE_TEXTS.cannotMessageSelf, "recipientId");
  if (!UUID_PATTERN.test(recipientId)) throw notFound(MESSAGE_TEXTS.recipientNotFound);
}

/**
 * Whether the sender may send a direct message to the recipient described by `recipient` (docs/PRODUCT.md §5
 * "Messages", docs/PRODUCT.md "Privacy"). Throws the refusal with its text: 404 unknown (null) or deleted
 * recipient, 403 for a block either way, direct messages turned off, or messagePrivacy none / friends without a
 * follow. Returns the recipient when allowed.
 */
export function assertCanMessage<Recipient extends RecipientFacts>(recipient: Recipient | null): Recipient {
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
