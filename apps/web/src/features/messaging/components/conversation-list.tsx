import type { ConversationView } from "@plaza/contracts/messaging";
import { displayName } from "@plaza/contracts/users.texts";
import { MessageCircle } from "lucide-react";
import { defineMessages, useIntl } from "react-intl";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { RelativeTime } from "@/components/ui/relative-time";
import { cn } from "@/lib/cn";

const phrases = defineMessages<{ unread: { count: number } }>({
  unread: {
    id: "messaging.conversations.unread",
    defaultMessage: "{count, plural, one {# unread} other {# unread}}",
  },
});
const messages = defineMessages({
  empty: { id: "messaging.conversations.empty", defaultMessage: "No conversations yet" },
  emptyHint: { id: "messaging.conversations.emptyHint", defaultMessage: "Start chatting with friends!" },
  list: { id: "messaging.conversations.list", defaultMessage: "Conversations" },
  online: { id: "messaging.conversations.online", defaultMessage: "Online now" },
});

interface ConversationListProps {
  conversations: ConversationView[];
  selectedConversationId: string | null;
  onSelect(conversation: ConversationView): void;
}

/** The left column of the messaging panel: one row per conversation, or the empty text. */
export function ConversationList({ conversations, selectedConversationId, onSelect }: ConversationListProps) {
  const intl = useIntl();
  if (conversations.length === 0) {
    return (
      <div className="flex flex-col items-center gap-1 px-4 py-10 text-center text-gray-500">
        <MessageCircle aria-hidden className="mb-2 h-8 w-8 text-gray-300" />
        <p className="font-medium text-gray-700">{intl.formatMessage(messages.empty)}</p>
        <p className="text-sm">{intl.formatMessage(messages.emptyHint)}</p>
      </div>
    );
  }
  return (
    <ul className="divide-y" aria-label={intl.formatMessage(messages.list)}>
      {conversations.map((conversation) => {
        const other = conversation.otherParticipant;
        const name = displayName(other);
        const isSelected = conversation.id === selectedConversationId;
        return (
          <li key={conversation.id}>
            <button
              type="button"
              onClick={() => onSelect(conversation)}
              aria-current={isSelected ? "true" : undefined}
              data-testid={`conversation-${other.username}`}
              className={cn(
                "flex w-full cursor-pointer items-center gap-3 px-3 py-3 text-start hover:bg-gray-50",
                isSelected && "bg-brand-50",
              )}
            >
              <span className="relative shrink-0">
                <Avatar className="h-10 w-10">
                  {other.profileImageUrl && <AvatarImage src={other.profileImageUrl} alt={name} />}
                  <AvatarFallback>{name.charAt(0).toUpperCase()}</AvatarFallback>
                </Avatar>
                {conversation.isOnline && (
                  <span
                    className="absolute end-0 bottom-0 h-3 w-3 rounded-full bg-green-500 ring-2 ring-surface"
                    data-testid="online-dot"
                  >
                    <span className="sr-only">{intl.formatMessage(messages.online)}</span>
                  </span>
                )}
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline justify-between gap-2">
                  <span className="truncate font-medium">{name}</span>
                  <RelativeTime value={conversation.lastActivityAt} className="shrink-0 text-xs text-gray-600" />
                </span>
                <span className="flex items-center justify-between gap-2">
                  <span className="truncate text-sm text-gray-600">{conversation.lastMessagePreview ?? ""}</span>
                  {conversation.unreadCount > 0 && (
                    <Badge aria-label={intl.formatMessage(phrases.unread, { count: conversation.unreadCount })}>
                      {intl.formatNumber(conversation.unreadCount)}
                    </Badge>
                  )}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
