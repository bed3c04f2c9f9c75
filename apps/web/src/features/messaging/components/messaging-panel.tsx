import type { ConversationView, MessageView } from "@plaza/contracts/messaging";
import { displayName } from "@plaza/contracts/users.texts";
import { Search } from "lucide-react";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { defineMessages, useIntl } from "react-intl";
import { Card, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { SkeletonList } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import { useConversations } from "../api/get-conversations";
import { useMarkConversationRead } from "../api/mark-conversation-read";
import { ChatPane, type ChatPartner } from "./chat-pane";
import { ConversationList } from "./conversation-list";

const messages = defineMessages({
  title: { id: "messaging.panel.title", defaultMessage: "Messages" },
  search: { id: "messaging.panel.search", defaultMessage: "Search conversations..." },
  loading: { id: "messaging.panel.loading", defaultMessage: "Loading..." },
  newConversation: { id: "messaging.panel.newConversation", defaultMessage: "New conversation" },
});

export interface MessagingPanelProps {
  viewerId: string;
  /** The conversation to open (e.g. from /messages/{conversationId}). */
  conversationId?: string | null;
  /** A person to chat with (`?user=` or a target given when opened): their conversation, or a new chat. */
  targetUser?: { id: string; name?: string | null; profileImageUrl?: string | null } | null;
  /** Told when the open conversation changes (null: back to the list), so a page can put it in the address. */
  onConversationChange?(conversationId: string | null): void;
  className?: string;
  /** Actions under a message from the other person (e.g. Report), supplied by the page. */
  renderMessageActions?: (message: MessageView) => ReactNode;
  /** A message's pictures with the lightbox, supplied by the page. */
  renderPhotos?: (urls: string[], senderName: string) => ReactNode;
}

const partnerOf = (conversation: ConversationView): ChatPartner => ({
  id: conversation.otherParticipant.id,
  name: displayName(conversation.otherParticipant),
  profileImageUrl: conversation.otherParticipant.profileImageUrl,
  isOnline: conversation.isOnline,
  lastActiveAt: conversation.lastActiveAt,
});

/**
 * The messaging panel of docs/PRODUCT.md §4, used by the /messages screen and the top bar's messages dialog:
 * searchable conversation list with the unread badge on the left, the chat on the right.
 */
export function MessagingPanel({
  viewerId,
  conversationId = null,
  targetUser = null,
  onConversationChange,
  className,
  renderMessageActions,
  renderPhotos,
}: MessagingPanelProps) {
  const intl = useIntl();
  const conversations = useConversations();
  const markRead = useMarkConversationRead();
  const [selectedId, setSelectedId] = useState<string | null>(conversationId);
  const [newChatPartner, setNewChatPartner] = useState<ChatPartner | null>(null);
  const [search, setSearch] = useState("");
  const handledTargetId = useRef<string | null>(null);

  useEffect(() => {
    if (conversationId) setSelectedId(conversationId);
  }, [conversationId]);

  const list = conversations.data ?? [];
  const selected = list.find((conversation) => conversation.id === selectedId) ?? null;

  const select = (conversation: ConversationView) => {
    setSelectedId(conversation.id);
    setNewChatPartner(null);
    markRead.mutate(conversation.id);
    onConversationChange?.(conversation.id);
  };

  // `?user=`: open the existing conversation with that person, or start a new chat with them.
  useEffect(() => {
    if (!targetUser || !conversations.data || handledTargetId.current === targetUser.id) return;
    handledTargetId.current = targetUser.id;
    const existing = conversations.data.find((conversation) => conversation.otherParticipant.id === targetUser.id);
    if (existing) {
      setSelectedId(existing.id);
      setNewChatPartner(null);
      markRead.mutate(existing.id);
      onConversationChange?.(existing.id);
    } else if (targetUser.id !== viewerId) {
      setSelectedId(null);
      setNewChatPartner({
        id: targetUser.id,
        name: targetUser.name ?? intl.formatMessage(messages.newConversation),
        profileImageUrl: targetUser.profileImageUrl,
      });
    }
  }, [targetUser, conversations.data, viewerId, markRead, onConversationChange, intl]);

  // A message arriving in the open conversation is read at once (once per new activity).
  const lastMarked = useRef<string | null>(null);
  const unreadActivity = selected && selected.unreadCount > 0 ? `${selected.id}@${selected.lastActivityAt}` : null;
  useEffect(() => {
    if (!unreadActivity || !selectedId || lastMarked.current === unreadActivity) return;
    lastMarked.current = unreadActivity;
    markRead.mutate(selectedId);
  }, [unreadActivity, selectedId, markRead]);

  const backToList = () => {
    setSelectedId(null);
    setNewChatPartner(null);
    onConversationChange?.(null);
  };

  const onSent = (message: MessageView) => {
    if (message.conversationId !== selectedId) {
      setSelectedId(message.conversationId);
      setNewChatPartner(null);
      onConversationChange?.(message.conversationId);
    }
  };

  const visible = useMemo(() => {
    const query = search.trim().toLowerCase();
    if (!query) return list;
    return list.filter((conversation) => {
      const other = conversation.otherParticipant;
      return displayName(other).toLowerCase().includes(query) || other.username.toLowerCase().includes(query);
    });
  }, [list, search]);

  const partner = selected ? partnerOf(selected) : newChatPartner;

  return (
    // Phones: exactly the screen between the top bar with its banners (--app-chrome-height, kept by the app shell)
    // and the tab bar with the safe area, less the page's padding (1rem above, 5rem below), so the composer sits at
    // the bottom with nothing under it; larger screens keep a tall card.
    <Card
      className={cn(
        "flex h-[calc(100dvh-var(--app-chrome-height,3.5rem)-6rem-env(safe-area-inset-bottom))] min-h-[22rem] flex-col overflow-hidden md:h-[70vh] md:min-h-[28rem]",
        className,
      )}
    >
      <CardHeader className="border-b py-4">
        <CardTitle>{intl.formatMessage(messages.title)}</CardTitle>
      </CardHeader>
      <div className="grid min-h-0 flex-1 grid-cols-1 md:grid-cols-[18rem_minmax(0,1fr)] lg:grid-cols-[22rem_minmax(0,1fr)]">
        <div className={cn("flex min-h-0 min-w-0 flex-col border-e", partner && "hidden md:flex")}>
          <div className="flex items-center gap-2 border-b p-3">
            <div className="relative flex-1">
              <Search aria-hidden className="absolute start-2.5 top-1/2 h-4 w-4 -translate-y-1/2 text-gray-400" />
              <Input
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                placeholder={intl.formatMessage(messages.search)}
                aria-label={intl.formatMessage(messages.search)}
                className="ps-8"
              />
            </div>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">
            {conversations.isLoading ? (
              <SkeletonList label={intl.formatMessage(messages.loading)} count={5} hasAvatar className="p-3" />
            ) : (
              <ConversationList conversations={visible} selectedConversationId={selectedId} onSelect={select} />
            )}
          </div>
        </div>
        <div className={cn("min-h-0 min-w-0", !partner && "hidden md:block")}>
          <ChatPane
            viewerId={viewerId}
            conversationId={selected?.id ?? null}
            partner={partner}
            onSent={onSent}
            onBack={backToList}
            renderMessageActions={renderMessageActions}
            renderPhotos={renderPhotos}
          />
        </div>
      </div>
    </Card>
  );
}
