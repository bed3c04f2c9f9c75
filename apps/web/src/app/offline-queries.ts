import { conversationsQueryKey } from "@/features/messaging/api/get-conversations";
import { unreadCountQueryKey } from "@/features/messaging/api/get-unread-count";
import { feedQueryKey } from "@/features/posts/api/get-feed";
import { queryKeyRoot } from "@/lib/api";
import { currentUserQueryKey } from "@/lib/current-user";
import type { OfflineCacheOptions } from "@/lib/offline-cache";

/**
 * What the installed app keeps for offline reading (lib/offline-cache.ts): who is signed in, the home feed's first
 * page and side column, the conversation list and the latest messages of the last conversations, the unread count,
 * and the server's configuration the screens need.
 */
const KEPT_ROOTS = new Set<unknown>([
  currentUserQueryKey[0],
  feedQueryKey[0],
  conversationsQueryKey[0],
  unreadCountQueryKey[0],
  queryKeyRoot("getConfig")[0],
  // The home's side column (active coupons with the viewer's codes, friend activity, suggestions), so it shows what
  // it showed before rather than "No active coupons".
  queryKeyRoot("getCouponsActive")[0],
  queryKeyRoot("getCouponsRedemptionsMine")[0],
  queryKeyRoot("getFriendActivity")[0],
  queryKeyRoot("getUsersSuggested")[0],
]);

export const offlineQueries: OfflineCacheOptions = {
  isKept: (queryKey) => KEPT_ROOTS.has(queryKey[0]),
  isConversationMessages: (queryKey) => queryKey[0] === conversationsQueryKey[0] && queryKey[2] === "messages",
};
