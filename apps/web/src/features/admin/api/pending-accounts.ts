import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, operationQuery, queryKeyRoot } from "@/lib/api";
import { refreshAdminData } from "./invalidate-admin";

/** GET /api/admin/pending-accounts: accounts waiting for approval, oldest first. */
export function usePendingAccounts(enabled: boolean) {
  return useQuery({ ...operationQuery("getAdminPendingAccounts"), enabled });
}

/** Approves or rejects a pending account (the person is mailed either way). */
export function useDecideAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, decision }: { userId: string; decision: "approve" | "reject" }) =>
      decision === "approve"
        ? api.post("/api/admin/users/{userId}/approve", { params: { path: { userId } } })
        : api.post("/api/admin/users/{userId}/reject", { params: { path: { userId } } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeyRoot("getAdminPendingAccounts") });
      await refreshAdminData(queryClient);
    },
  });
}
