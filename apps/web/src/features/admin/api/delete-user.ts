import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { refreshAdminData } from "./invalidate-admin";

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.delete("/api/admin/users/{userId}", { params: { path: { userId } } }),
    onSuccess: () => refreshAdminData(queryClient),
  });
}
