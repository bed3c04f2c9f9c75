import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { refreshModeration } from "./refresh-moderation";

/** The one appeal of a notice. */
export function useCreateAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { noticeId: string; text: string }) => api.post("/api/appeals", { body }),
    onSuccess: () => refreshModeration(queryClient),
  });
}
