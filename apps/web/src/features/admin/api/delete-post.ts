import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { refreshAdminData } from "./invalidate-admin";

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) => apiRequest<null>("DELETE", `/api/admin/posts/${postId}`),
    onSuccess: () => refreshAdminData(queryClient),
  });
}
