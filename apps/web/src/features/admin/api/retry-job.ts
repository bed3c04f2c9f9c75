import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { refreshAdminData } from "./invalidate-admin";

export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ queue, id }: { queue: string; id: string }) =>
      api.post("/api/admin/jobs/{queue}/{id}/retry", { params: { path: { queue, id } } }),
    onSuccess: () => refreshAdminData(queryClient),
  });
}
