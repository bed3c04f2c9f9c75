import type { QueryClient } from "@tanstack/react-query";

/**
 * After an unlock or a subscription the posts come back unlocked from the server: refetch every post list and
 * post (whatever feature owns them), the wallet and subscription status, but not the signed-in user.
 */
export function refreshUnlockedContent(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const first = query.queryKey[0];
      return typeof first === "string" && first.startsWith("/api/") && !first.startsWith("/api/auth");
    },
  });
}
