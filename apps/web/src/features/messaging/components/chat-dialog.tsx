import type { MessageView } from "@plaza/contracts/messaging";
import { Lock } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { defineMessages, useIntl } from "react-intl";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { useConversations } from "../api/get-conversations";
import { useMarkConversationRead } from "../api/mark-conversation-read";
import { ChatPane } from "./chat-pane";

const phrases = defineMessages<{ title: { name: string } }>({
  title: { id: "messaging.chatDialog.title", defaultMessage: "Chat with {name}" },
});
const messages = defineMessages({
  privacyNote: {
    id: "messaging.chatDialog.privacyNote",
    defaultMessage: "Messages are private between you and this person.",
  },
});

export interface ChatDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  viewerId: string;
  /** The person whose profile the dialog was opened from. */
  recipient: { id: string; name: string; profileImageUrl?: string | null };
}

/** The profile screen's chat dialog: 'Chat with {name}', a privacy note, and the chat with that person. */
export function ChatDialog({ open, onOpenChange, viewerId, recipient }: ChatDialogProps) {
  const intl = useIntl();
  const conversations = useConversations();
  const markRead = useMarkConversationRead();
  const [sentConversationId, setSentConversationId] = useState<string | null>(null);
  const existing = conversations.data?.find((conversation) => conversation.otherParticipant.id === recipient.id);
  const conversationId = existing?.id ?? sentConversationId;

  const onSent = (message: MessageView) => setSentConversationId(message.conversationId);

  // While the dialog shows the conversation, what arrives in it is read (once per new activity).
  const lastMarked = useRef<string | null>(null);
  const unreadActivity =
    open && existing && existing.unreadCount > 0 ? `${existing.id}@${existing.lastActivityAt}` : null;
  useEffect(() => {
    if (!unreadActivity || !existing || lastMarked.current === unreadActivity) return;
    lastMarked.current = unreadActivity;
    markRead.mutate(existing.id);
  }, [unreadActivity, existing, markRead]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex h-[80vh] max-h-[40rem] flex-col gap-0 p-0 sm:max-w-lg">
        <DialogHeader className="border-b p-4">
          <DialogTitle>{intl.formatMessage(phrases.title, { name: recipient.name })}</DialogTitle>
          <DialogDescription className="flex items-center gap-1.5 text-xs">
            <Lock aria-hidden className="h-3 w-3" />
            {intl.formatMessage(messages.privacyNote)}
          </DialogDescription>
        </DialogHeader>
        <div className="min-h-0 flex-1">
          <ChatPane
            viewerId={viewerId}
            conversationId={conversationId}
            partner={recipient}
            onSent={onSent}
            isHeaderHidden
          />
        </div>
      </DialogContent>
    </Dialog>
  );
}
