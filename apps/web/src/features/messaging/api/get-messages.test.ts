import type { MessageView } from "@plaza/contracts/messaging";
import { describe, expect, it } from "vitest";
import { type MessagePages, withNewMessage, withReadMessages } from "./get-messages";

const message = (id: string): MessageView => ({
  id,
  conversationId: "c",
  senderId: "s",
  content: id,
  messageType: "text",
  mediaUrls: [],
  createdAt: "2026-06-01T12:00:00.000Z",
  readAt: null,
});
const pages = (...lists: string[][]): MessagePages => ({
  pages: lists.map((ids) => ({ data: ids.map(message), nextCursor: null })),
  pageParams: lists.map(() => null),
});

describe("withNewMessage", () => {
  it("puts a live message first on the newest page", () => {
    expect(withNewMessage(pages(["b", "a"]), message("c"))?.pages[0]?.data.map((item) => item.id)).toEqual([
      "c",
      "b",
      "a",
    ]);
  });

  it("ignores a message already loaded on any page, and a conversation not loaded at all", () => {
    const loaded = pages(["d", "c"], ["b", "a"]);
    expect(withNewMessage(loaded, message("a"))).toBe(loaded);
    expect(withNewMessage(undefined, message("a"))).toBeUndefined();
  });
});

describe("withReadMessages", () => {
  it("marks read, at the reader's time, the unread messages the other person sent, and nothing else", () => {
    const loaded: MessagePages = {
      pages: [
        {
          data: [
            { ...message("mine"), senderId: "reader" },
            message("theirs"),
            { ...message("earlier"), readAt: "2026-06-01T11:00:00.000Z" },
          ],
          nextCursor: null,
        },
      ],
      pageParams: [null],
    };
    const read = withReadMessages(loaded, "reader", "2026-06-01T12:30:00.000Z");
    expect(read?.pages[0]?.data.map((item) => item.readAt)).toEqual([
      null,
      "2026-06-01T12:30:00.000Z",
      "2026-06-01T11:00:00.000Z",
    ]);
  });
});
