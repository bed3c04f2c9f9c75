import { z } from "zod";
import { MESSAGE_MAX_LENGTH } from "./constants";
import {
  cleanMessageText,
  LIVE_READY_EVENT,
  MESSAGE_MEDIA_MAX,
  MESSAGE_TEXTS,
  RECIPIENT_ID_PATTERN,
  REPEATED_CHARACTER,
  WEB_LINK,
} from "./messaging.texts";
import { PAYMENT_UPDATED_EVENT, paymentView } from "./payments";
import { plainText } from "./text";
import { userSummaryView } from "./users";

export * from "./messaging.texts";

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
  z.object({ type: z.literal(LIVE_READY_EVENT), payload: z.object({}) }),
]);
export type LiveEventView = z.infer<typeof liveEventView>;
