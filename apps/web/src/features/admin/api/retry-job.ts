import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { refreshAdminData } from "./invalidate-admin";

export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ queue, id }: { queue: string; id: string }) =>
      apiRequest("POST", `/api/admin/jobs/${encodeURIComponent(queue)}/${encodeURIComponent(id)}/retry`),
    onSuccess: () => refreshAdminData(queryClient),
  });
}
