import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { refreshAdminData } from "./invalidate-admin";

export function useUnsuspendUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.post("/api/admin/users/{userId}/unsuspend", { params: { path: { userId } } }),
    onSuccess: () => refreshAdminData(queryClient),
  });
}
