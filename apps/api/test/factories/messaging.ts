import type { AppContext } from "../../src/app-context";
import { conversations, messages } from "../../src/db/schema/messaging";

/** A conversation between the two users holding one message from `senderId`, written straight to the database. */
export async function insertMessage(context: AppContext, senderId: string, recipientId: string, content: string) {
  const [first, second] = senderId < recipientId ? [senderId, recipientId] : [recipientId, senderId];
  const [conversation] = await context.db
    .insert(conversations)
    .values({ participant1Id: first, participant2Id: second, lastMessagePreview: content })
    .returning({ id: conversations.id });
  if (!conversation) throw new Error("no conversation");
  const [message] = await context.db
    .insert(messages)
    .values({ conversationId: conversation.id, senderId, content })
    .returning({ id: messages.id });
  if (!message) throw new Error("no message");
  return { conversationId: conversation.id, messageId: message.id };
}
