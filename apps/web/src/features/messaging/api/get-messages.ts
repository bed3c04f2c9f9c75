import type { MessageView } from "@plaza/contracts/messaging";
import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { fetchListOf, queryKeyFor } from "@/lib/api";
import type { ApiResponse } from "@/lib/api-client";

const MESSAGES_PAGE_SIZE = 50;

/** Query key of a conversation's messages; the live client writes into the same entry. */
export const messagesQueryKey = (conversationId: string) =>
  queryKeyFor("getConversationsByIdMessages", { params: { path: { id: conversationId } } });

/** The loaded pages of one conversation: newest page first, each page newest first. */
export type MessagePages = InfiniteData<ApiResponse<MessageView[]>, string | null>;

/** A conversation's messages, a page at a time from the newest (keyset cursor in X-Next-Cursor). */
export const messagesQuery = (conversationId: string) =>
  infiniteQueryOptions({
    queryKey: messagesQueryKey(conversationId),
    queryFn: ({ pageParam }) =>
      fetchListOf("getConversationsByIdMessages", pageParam, {
        params: { path: { id: conversationId }, query: { limit: MESSAGES_PAGE_SIZE } },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });

/** Only requested once a conversation is selected (docs/PRODUCT.md §7). */
export function useMessages(conversationId: string | null) {
  return useInfiniteQuery({ ...messagesQuery(conversationId ?? ""), enabled: Boolean(conversationId) });
}

/** Adds a message that arrived live to the newest page, unless it is already there. */
export function withNewMessage(pages: MessagePages | undefined, message: MessageView): MessagePages | undefined {
  if (!pages) return pages;
  if (pages.pages.some((page) => page.data.some((item) => item.id === message.id))) return pages;
  const [newest, ...older] = pages.pages;
  if (!newest) return pages;
  return { ...pages, pages: [{ ...newest, data: [message, ...newest.data] }, ...older] };
}

/** The reader opened the conversation: every message they had not read (those from the other side) is read now. */
export function withReadMessages(
  pages: MessagePages | undefined,
  readerId: string,
  readAt: string,
): MessagePages | undefined {
  if (!pages) return pages;
  return {
    ...pages,
    pages: pages.pages.map((page) => ({
      ...page,
      data: page.data.map((message) =>
        message.senderId !== readerId && message.readAt === null ? { ...message, readAt } : message,
      ),
    })),
  };
}
