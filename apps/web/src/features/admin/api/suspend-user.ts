import type { SuspendUserBody } from "@plaza/contracts/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { refreshAdminData } from "./invalidate-admin";

export function suspendUser(userId: string, body: SuspendUserBody) {
  return api.post("/api/admin/users/{userId}/suspend", { params: { path: { userId } }, body });
}

export function useSuspendUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: string; body: SuspendUserBody }) => suspendUser(userId, body),
    onSuccess: () => refreshAdminData(queryClient),
  });
}
