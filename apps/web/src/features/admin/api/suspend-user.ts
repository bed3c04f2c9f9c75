import type { AdminUserView, SuspendUserBody } from "@plaza/contracts/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { refreshAdminData } from "./invalidate-admin";

export function suspendUser(userId: string, body: SuspendUserBody) {
  return apiRequest<AdminUserView>("POST", `/api/admin/users/${userId}/suspend`, body);
}

export function useSuspendUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: string; body: SuspendUserBody }) => suspendUser(userId, body),
    onSuccess: () => refreshAdminData(queryClient),
  });
}
