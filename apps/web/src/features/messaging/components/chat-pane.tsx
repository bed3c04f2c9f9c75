import type { MessageView } from "@plaza/contracts/messaging";
import { ArrowLeft, MessageCircle } from "lucide-react";
import { type ReactNode, useEffect, useLayoutEffect, useRef } from "react";
import { defineMessages, useIntl } from "react-intl";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { PresenceLabel } from "@/components/ui/presence-label";
import { RelativeTime } from "@/components/ui/relative-time";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";
import { UploadedPicture } from "@/components/ui/uploaded-picture";
import { cn } from "@/lib/cn";
import { useMessages } from "../api/get-messages";
import { useIsTyping } from "../live/typing-store";
import { MessageComposer } from "./message-composer";

const phrases = defineMessages<{ partnerTyping: { name: string } }>({
  partnerTyping: { id: "messaging.chat.partnerTyping", defaultMessage: "{name} is typing…" },
});
const messages = defineMessages({
  selectConversation: { id: "messaging.chat.selectConversation", defaultMessage: "Select a conversation" },
  selectConversationHint: {
    id: "messaging.chat.selectConversationHint",
    defaultMessage: "Choose a conversation from the list to start messaging",
  },
  back: { id: "messaging.chat.back", defaultMessage: "Back to conversations" },
  typing: { id: "messaging.chat.typing", defaultMessage: "typing…" },
  loading: { id: "messaging.chat.loading", defaultMessage: "Loading..." },
  noMessages: { id: "messaging.chat.noMessages", defaultMessage: "No messages yet" },
  noMessagesHint: { id: "messaging.chat.noMessagesHint", defaultMessage: "Start the conversation!" },
  list: { id: "messaging.chat.list", defaultMessage: "Messages" },
  loadOlder: { id: "messaging.chat.loadOlder", defaultMessage: "Load older messages" },
  you: { id: "messaging.chat.you", defaultMessage: "you" },
  seen: { id: "messaging.chat.seen", defaultMessage: "Seen" },
});

/** The person on the other side of the open chat. */
export interface ChatPartner {
  id: string;
  name: string;
  profileImageUrl?: string | null;
  /** Their presence, when they show it (see PresenceLabel). */
  isOnline?: boolean | null;
  lastActiveAt?: string | null;
}

interface ChatPaneProps {
  viewerId: string;
  /** The open conversation, or null for a new chat with `partner`. */
  conversationId: string | null;
  partner: ChatPartner | null;
  onSent(message: MessageView): void;
  /** Hide the partner header (the chat dialog has its own title). */
  isHeaderHidden?: boolean;
  /** Back to the conversation list (narrow screens show one column at a time). */
  onBack?: () => void;
  /** The menu of a message from the other person (e.g. Report), supplied by the page. */
  renderMessageActions?: (message: MessageView) => ReactNode;
  /** A message's pictures (a grid that opens the lightbox), supplied by the page; plain pictures without it. */
  renderPhotos?: (urls: string[], senderName: string) => ReactNode;
}

/** A message's pictures when the page supplies no viewer. */
function PlainPhotos({ urls }: { urls: string[] }) {
  return (
    <div className="grid grid-cols-2 gap-1">
      {urls.map((url) => (
        <UploadedPicture key={url} src={url} alt="" className="aspect-square w-full rounded-xl object-cover" />
      ))}
    </div>
  );
}

/** The right column: the messages of one conversation, oldest at the top, scrolled to the newest. */
export function ChatPane({
  viewerId,
  conversationId,
  partner,
  onSent,
  isHeaderHidden = false,
  onBack,
  renderMessageActions,
  renderPhotos,
}: ChatPaneProps) {
  const intl = useIntl();
  const conversation = useMessages(conversationId);
  const scrollRef = useRef<HTMLDivElement>(null);
  const ordered = (conversation.data?.pages ?? []).flatMap((page) => page.data).reverse();
  const newestId = ordered.at(-1)?.id;
  const oldestId = ordered.at(0)?.id;
  const heightBeforeOlder = useRef<number | null>(null);
  const isPartnerTyping = useIsTyping(conversationId);
  // "Seen" goes under the viewer's newest message the other person has read.
  const lastSeenId = ordered.findLast((message) => message.senderId === viewerId && message.readAt !== null)?.id;

  // Scroll to the newest message whenever one arrives (docs/PRODUCT.md §7).
  useEffect(() => {
    const container = scrollRef.current;
    if (container && newestId) container.scrollTop = container.scrollHeight;
  }, [newestId]);

  // Pictures load after the scroll to the newest message and push it up: while the reader is at the bottom, the
  // list stays there as its content grows (a picture, the typing line).
  const isAtBottom = useRef(true);
  const listRef = useRef<HTMLOListElement>(null);
  const hasList = ordered.length > 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list element exists once there are messages
  useEffect(() => {
    const container = scrollRef.current;
    const list = listRef.current;
    if (!container || !list || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      if (isAtBottom.current) container.scrollTop = container.scrollHeight;
    });
    observer.observe(list);
    return () => observer.disconnect();
  }, [hasList]);
  const onScroll = () => {
    const container = scrollRef.current;
    if (container) {
      isAtBottom.current = container.scrollHeight - container.scrollTop - container.clientHeight < 80;
    }
  };

  // The typing line appears under the newest message: keep it in view when already at the bottom.
  useEffect(() => {
    const container = scrollRef.current;
    if (container && isPartnerTyping && container.scrollHeight - container.scrollTop - container.clientHeight < 80) {
      container.scrollTop = container.scrollHeight;
    }
  }, [isPartnerTyping]);

  // Older messages load above: keep the reader where they were.
  useLayoutEffect(() => {
    const container = scrollRef.current;
    if (!container || heightBeforeOlder.current === null || !oldestId) return;
    container.scrollTop += container.scrollHeight - heightBeforeOlder.current;
    heightBeforeOlder.current = null;
  }, [oldestId]);

  const loadOlder = () => {
    heightBeforeOlder.current = scrollRef.current?.scrollHeight ?? null;
    void conversation.fetchNextPage();
  };

  if (!partner) {
    return (
      <div className="flex h-full flex-col items-center justify-center gap-1 p-6 text-center text-gray-500">
        <MessageCircle aria-hidden className="mb-2 h-10 w-10 text-gray-300" />
        <p className="font-medium text-gray-700">{intl.formatMessage(messages.selectConversation)}</p>
        <p className="text-sm">{intl.formatMessage(messages.selectConversationHint)}</p>
      </div>
    );
  }

  return (
    <div className="flex h-full min-h-0 flex-col">
      {!isHeaderHidden && (
        <div className="flex items-center gap-3 border-b px-4 py-3">
          {onBack && (
            <Button
              variant="ghost"
              size="icon"
              className="md:hidden"
              onClick={onBack}
              aria-label={intl.formatMessage(messages.back)}
            >
              <ArrowLeft aria-hidden className="h-4 w-4 rtl:-scale-x-100" />
            </Button>
          )}
          <Avatar className="h-9 w-9 shrink-0">
            {partner.profileImageUrl && <AvatarImage src={partner.profileImageUrl} alt={partner.name} />}
            <AvatarFallback>{partner.name.charAt(0).toUpperCase()}</AvatarFallback>
          </Avatar>
          <div className="min-w-0">
            <h2 className="font-semibold wrap-anywhere">{partner.name}</h2>
            {isPartnerTyping ? (
              <p className="text-xs text-primary">{intl.formatMessage(messages.typing)}</p>
            ) : (
              <PresenceLabel isOnline={partner.isOnline} lastActiveAt={partner.lastActiveAt} />
            )}
          </div>
        </div>
      )}
      <div
        ref={scrollRef}
        onScroll={onScroll}
        className="min-h-0 flex-1 overflow-y-auto px-4 py-3"
        data-testid="message-list"
      >
        {conversationId && conversation.isLoading ? (
          <LoadingRegion label={intl.formatMessage(messages.loading)} className="space-y-3">
            <Skeleton className="h-10 w-2/3" />
            <Skeleton className="ms-auto h-10 w-1/2" />
            <Skeleton className="h-10 w-3/5" />
          </LoadingRegion>
        ) : ordered.length === 0 ? (
          <div className="flex h-full flex-col items-center justify-center gap-1 text-center text-gray-500">
            <p className="font-medium text-gray-700">{intl.formatMessage(messages.noMessages)}</p>
            <p className="text-sm">{intl.formatMessage(messages.noMessagesHint)}</p>
          </div>
        ) : (
          <ol
            ref={listRef}
            className="flex flex-col gap-2"
            aria-label={intl.formatMessage(messages.list)}
            aria-live="polite"
          >
            {conversation.hasNextPage && (
              <li className="flex justify-center">
                <Button variant="ghost" size="sm" onClick={loadOlder} disabled={conversation.isFetchingNextPage}>
                  {intl.formatMessage(conversation.isFetchingNextPage ? messages.loading : messages.loadOlder)}
                </Button>
              </li>
            )}
            {ordered.map((message) => {
              const isMine = message.senderId === viewerId;
              const actions = isMine ? null : renderMessageActions?.(message);
              return (
                <li
                  key={message.id}
                  className={cn("group flex flex-col gap-1", isMine ? "items-end" : "items-start")}
                  data-testid="message"
                >
                  <div className={cn("flex w-full items-center gap-1", isMine ? "flex-row-reverse" : "flex-row")}>
                    <div className={cn("flex max-w-[80%] flex-col gap-1", isMine ? "items-end" : "items-start")}>
                      {message.mediaUrls.length > 0 &&
                        (renderPhotos ? (
                          renderPhotos(message.mediaUrls, isMine ? intl.formatMessage(messages.you) : partner.name)
                        ) : (
                          <PlainPhotos urls={message.mediaUrls} />
                        ))}
                      {message.content && (
                        <p
                          dir="auto"
                          className={cn(
                            "rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-wrap",
                            isMine ? "bg-primary text-white" : "bg-gray-100 text-gray-900",
                          )}
                        >
                          {message.content}
                        </p>
                      )}
                    </div>
                    {actions}
                  </div>
                  <span className="flex items-center gap-1 text-xs text-gray-500">
                    <RelativeTime value={message.createdAt} />
                    {message.id === lastSeenId && (
                      <span data-testid="message-seen">· {intl.formatMessage(messages.seen)}</span>
                    )}
                  </span>
                </li>
              );
            })}
            {isPartnerTyping && (
              <li className="text-xs text-gray-500 italic" data-testid="typing-indicator">
                {intl.formatMessage(phrases.partnerTyping, { name: partner.name })}
              </li>
            )}
          </ol>
        )}
      </div>
      <MessageComposer viewerId={viewerId} recipientId={partner.id} conversationId={conversationId} onSent={onSent} />
    </div>
  );
}
