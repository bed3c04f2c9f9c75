import { z } from "zod";
import { MESSAGE_MAX_LENGTH } from "./constants";
import { PAYMENT_UPDATED_EVENT, paymentView } from "./payments";

/** A direct message holds up to this many pictures (docs/PRODUCT.md "Messages and business pages"). */
export const MESSAGE_MEDIA_MAX = 4;
/** The sender's typing signal reaches the other side at most once per this many ms (per conversation). */
export const TYPING_SIGNAL_INTERVAL_MS = 3_000;
/** The screen drops "typing…" after this many ms without another signal. */
export const TYPING_DISPLAY_MS = 5_000;

import { plainText } from "./text";
import { userSummaryView } from "./users";

export const MESSAGE_TEXTS = {
  required: "Message content is required",
  empty: "Message cannot be empty",
  tooLong: "Message is too long (max 2000 characters)",
  invalidContent: "Message contains invalid content",
  invalidRecipient: "Invalid recipient",
  rateLimited: "You are sending messages too quickly. Please wait a moment.",
  privacyNone: "This user has disabled messages from all users.",
  privacyFriends: "This user only accepts messages from friends. Follow them first to send a message.",
  blockedTitle: "Message Blocked",
  directMessagesOff: "This user does not accept direct messages.",
  blocked: "You cannot message this user.",
  recipientNotFound: "This user was not found.",
  cannotMessageSelf: "You cannot send a message to yourself.",
  conversationNotFound: "Conversation not found",
  failedTitle: "Message Failed",
  failedFallback: "Failed to send message. Please try again.",
  authenticationTitle: "Authentication Required",
  authenticationText: "You need to log in to send messages.",
  tooManyPhotos: `A message holds at most ${MESSAGE_MEDIA_MAX} pictures`,
  photosOnly: "A message can hold pictures only",
  duplicatePhoto: "The same picture is in this message twice",
} as const;

/** Screen texts of the messaging panel (docs/PRODUCT.md §2 "Messages"). */
export const MESSAGING_SCREEN_TEXTS = {
  title: "Messages",
  searchPlaceholder: "Search conversations...",
  noConversations: "No conversations yet",
  noConversationsHint: "Start chatting with friends!",
  selectConversation: "Select a conversation",
  selectConversationHint: "Choose a conversation from the list to start messaging",
  noMessages: "No messages yet",
  noMessagesHint: "Start the conversation!",
  inputPlaceholder: "Type a message...",
  chatWith: "Chat with",
  privacyNote: "Messages are private between you and this person.",
  typing: "typing…",
  seen: "Seen",
  photoPreview: "Photo",
  addPhotos: "Add photos",
  removePhoto: "Remove photo",
  messageMenu: "Message options",
  report: "Report message",
  offline: "Offline: showing what was loaded last",
} as const;

/** Removes every markup tag and trims (docs/PRODUCT.md §5 "Messages"). */
export function cleanMessageText(text: string): string {
  return text
    .replace(/<[^>]*>?/g, "")
    .replace(/[<>]/g, "")
    .trim();
}

const REPEATED_CHARACTER = /(.)\1{10,}/su;
const WEB_LINK = /(https?:\/\/|www\.)\S+|\b[a-z0-9-]+\.(com|net|org|io|co|app|dev|xyz|info|biz|ru|ly|me)\b/i;

/** Recipient ids: a UUID of versions 1–5, or all digits. */
export const RECIPIENT_ID_PATTERN = /^([0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|\d+)$/i;

export const messageContent = plainText(MESSAGE_TEXTS.required)
  .transform(cleanMessageText)
  .pipe(
    z
      .string()
      .min(1, MESSAGE_TEXTS.empty)
      .max(MESSAGE_MAX_LENGTH, MESSAGE_TEXTS.tooLong)
      .refine((text) => !REPEATED_CHARACTER.test(text) && !WEB_LINK.test(text), MESSAGE_TEXTS.invalidContent),
  );

/** POST /api/messages: text, up to MESSAGE_MEDIA_MAX pictures from the upload flow, or both. */
export const sendMessageBody = z
  .object({
    recipientId: z.string(MESSAGE_TEXTS.invalidRecipient).regex(RECIPIENT_ID_PATTERN, MESSAGE_TEXTS.invalidRecipient),
    /** May be left out when the message carries pictures. */
    content: messageContent.optional(),
    messageType: z.literal("text").default("text"),
    mediaUrls: z
      .array(z.string("Media address must be text").max(500, "Media address too long"))
      .max(MESSAGE_MEDIA_MAX, MESSAGE_TEXTS.tooManyPhotos)
      .default([]),
  })
  .refine((body) => body.content !== undefined || body.mediaUrls.length > 0, {
    message: MESSAGE_TEXTS.required,
    path: ["content"],
  });
export type SendMessageBody = z.infer<typeof sendMessageBody>;

export const messageView = z.object({
  id: z.uuid(),
  conversationId: z.uuid(),
  senderId: z.uuid(),
  /** Empty when the message is only pictures. */
  content: z.string(),
  messageType: z.literal("text"),
  /** Its pictures (object addresses of the sender's uploads), in order. */
  mediaUrls: z.array(z.string()),
  createdAt: z.string(),
  /**
   * When the recipient read it; null until then, and null for both people while either of them has
   * showReadReceipts off.
   */
  readAt: z.string().nullable(),
});
export type MessageView = z.infer<typeof messageView>;

/** One page of messages: a JSON array; the next page's cursor travels in the X-Next-Cursor header. */
export const messagePage = z.array(messageView);

export const unreadCountView = z.object({ count: z.number().int() });

export const conversationIdParams = z.object({ id: z.uuid(MESSAGE_TEXTS.conversationNotFound) });

/** One conversation as one of its two participants sees it. */
export const conversationView = z.object({
  id: z.uuid(),
  participant1Id: z.uuid(),
  participant2Id: z.uuid(),
  lastActivityAt: z.string(),
  lastMessagePreview: z.string().nullable(),
  /** Messages the viewer has not read yet. */
  unreadCount: z.number().int(),
  otherParticipant: userSummaryView,
  /** The other participant's presence (null when they hide it, or blocked the viewer). */
  isOnline: z.boolean().nullable(),
  lastActiveAt: z.string().nullable(),
});
export type ConversationView = z.infer<typeof conversationView>;

/** One page of conversations: a JSON array; the next page's cursor travels in the X-Next-Cursor header. */
export const conversationPage = z.array(conversationView);

/** The WebSocket endpoint delivering live events to every open tab of the signed-in user. */
export const LIVE_EVENTS_PATH = "/api/live";

/** Events sent over the live connection (JSON text frames). */
export const liveEventView = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("message.created"),
    payload: z.object({ conversationId: z.uuid(), message: messageView }),
  }),
  z.object({ type: z.literal("unread.changed"), payload: unreadCountView }),
  /** The other participant is typing in the conversation (at most one every TYPING_SIGNAL_INTERVAL_MS). */
  z.object({ type: z.literal("typing"), payload: z.object({ conversationId: z.uuid(), userId: z.uuid() }) }),
  /** The other participant read the conversation up to `readAt` (only while both show read receipts). */
  z.object({
    type: z.literal("conversation.read"),
    payload: z.object({ conversationId: z.uuid(), readerId: z.uuid(), readAt: z.string() }),
  }),
  z.object({ type: z.literal("notification.created"), payload: z.record(z.string(), z.unknown()) }),
  /** One of the payer's processor payments changed state (the checkout follows it without polling). */
  z.object({ type: z.literal(PAYMENT_UPDATED_EVENT), payload: paymentView }),
  /** Sent once the server delivers this connection's events (also those published by other server processes). */
  z.object({ type: z.literal("live.ready"), payload: z.object({}) }),
]);
export type LiveEventView = z.infer<typeof liveEventView>;
