import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { refreshAdminData } from "./invalidate-admin";

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) => api.delete("/api/admin/posts/{postId}", { params: { path: { postId } } }),
    onSuccess: () => refreshAdminData(queryClient),
  });
}
