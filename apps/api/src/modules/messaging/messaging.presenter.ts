import type { ConversationView, MessageView } from "@plaza/contracts/messaging";
import type { UserSummaryRow } from "../users/user-summary.repository";
import { presentHiddenUserSummary, presentUserSummary } from "../users/users.presenter";
import type { ConversationRow, MessageRow } from "./messaging.repository";

/** A message; `areReceiptsShown` false (either participant hides read receipts) leaves readAt null for both. */
export function presentMessage(message: MessageRow, areReceiptsShown: boolean): MessageView {
  return {
    id: message.id,
    conversationId: message.conversationId,
    senderId: message.senderId,
    content: message.content,
    messageType: "text",
    mediaUrls: message.mediaUrls,
    createdAt: message.createdAt.toISOString(),
    readAt: areReceiptsShown && message.readAt ? message.readAt.toISOString() : null,
  };
}

/**
 * A conversation as `viewerId` sees it: their own unread counter only, and the other person's summary, anonymised
 * when that person has blocked the viewer (the thread stays; who it was with no longer shows).
 */
export function presentConversation(
  conversation: ConversationRow,
  other: UserSummaryRow,
  viewerId: string,
  isOtherBlockingViewer: boolean,
  presence: { isOnline: boolean | null; lastActiveAt: string | null } = { isOnline: null, lastActiveAt: null },
): ConversationView {
  const isParticipant1 = conversation.participant1Id === viewerId;
  return {
    id: conversation.id,
    participant1Id: conversation.participant1Id,
    participant2Id: conversation.participant2Id,
    lastActivityAt: conversation.lastActivityAt.toISOString(),
    lastMessagePreview: conversation.lastMessagePreview,
    unreadCount: isParticipant1 ? conversation.participant1Unread : conversation.participant2Unread,
    otherParticipant: isOtherBlockingViewer ? presentHiddenUserSummary(other.id) : presentUserSummary(other),
    ...(isOtherBlockingViewer ? { isOnline: null, lastActiveAt: null } : presence),
  };
}
