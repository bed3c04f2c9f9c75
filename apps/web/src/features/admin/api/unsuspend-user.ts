import type { AdminUserView } from "@plaza/contracts/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { refreshAdminData } from "./invalidate-admin";

export function useUnsuspendUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => apiRequest<AdminUserView>("POST", `/api/admin/users/${userId}/unsuspend`),
    onSuccess: () => refreshAdminData(queryClient),
  });
}
