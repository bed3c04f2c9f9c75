// Texts, constants and pure rules of messaging: no zod, so the web app's first screen can import them without
// evaluating schemas. The schemas are in ./messaging.ts, which re-exports all of this.

/** A direct message holds up to this many pictures (docs/PRODUCT.md "Messages and business pages"). */
export const MESSAGE_MEDIA_MAX = 4;
/** The sender's typing signal reaches the other side at most once per this many ms (per conversation). */
export const TYPING_SIGNAL_INTERVAL_MS = 3_000;
/** The screen drops "typing…" after this many ms without another signal. */
export const TYPING_DISPLAY_MS = 5_000;

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

export const REPEATED_CHARACTER = /(.)\1{10,}/su;
export const WEB_LINK = /(https?:\/\/|www\.)\S+|\b[a-z0-9-]+\.(com|net|org|io|co|app|dev|xyz|info|biz|ru|ly|me)\b/i;

/** Recipient ids: a UUID of versions 1–5, or all digits. */
export const RECIPIENT_ID_PATTERN = /^([0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|\d+)$/i;

/** The WebSocket endpoint delivering live events to every open tab of the signed-in user. */
export const LIVE_EVENTS_PATH = "/api/live";
/**
 * The live event a connection gets once its events are delivered. It carries nothing, so the web app answers it
 * without the events' schema, which then loads with the first real event, not on every page's first screen.
 */
export const LIVE_READY_EVENT = "live.ready";
