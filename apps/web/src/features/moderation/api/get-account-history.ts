import { useQuery } from "@tanstack/react-query";
import { operationQuery } from "@/lib/api";

/** Everything that happened to one account in moderation (reports, actions, notices, appeals), oldest first. */
export function useAccountHistory(userId: string, enabled: boolean) {
  return useQuery({
    ...operationQuery("getAdminUsersByUserIdModerationHistory", { params: { path: { userId } } }),
    enabled,
  });
}
