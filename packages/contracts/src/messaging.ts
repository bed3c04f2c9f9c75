import { z } from "zod";
import { MESSAGE_MAX_LENGTH } from "./constants";

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
} as const;

/** Removes every markup tag and trims (seed-spec §5 "Direct messages"). */
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

export const messageContent = z
  .string(MESSAGE_TEXTS.required)
  .transform(cleanMessageText)
  .pipe(
    z
      .string()
      .min(1, MESSAGE_TEXTS.empty)
      .max(MESSAGE_MAX_LENGTH, MESSAGE_TEXTS.tooLong)
      .refine((text) => !REPEATED_CHARACTER.test(text) && !WEB_LINK.test(text), MESSAGE_TEXTS.invalidContent),
  );

/** POST /api/messages. */
export const sendMessageBody = z.object({
  recipientId: z.string(MESSAGE_TEXTS.invalidRecipient).regex(RECIPIENT_ID_PATTERN, MESSAGE_TEXTS.invalidRecipient),
  content: messageContent,
  messageType: z.literal("text").default("text"),
});
export type SendMessageBody = z.infer<typeof sendMessageBody>;

export const messageView = z.object({
  id: z.uuid(),
  conversationId: z.uuid(),
  senderId: z.uuid(),
  content: z.string(),
  messageType: z.literal("text"),
  createdAt: z.string(),
});
export type MessageView = z.infer<typeof messageView>;

export const unreadCountView = z.object({ count: z.number().int() });
