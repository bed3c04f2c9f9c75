import type { ModerationActionBody } from "@plaza/contracts/moderation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { refreshModeration } from "./refresh-moderation";

/** Warn, hide a post, limit, suspend or delete a post: the person gets a notice. */
export function useTakeAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ModerationActionBody) => api.post("/api/admin/moderation/actions", { body }),
    onSuccess: () => refreshModeration(queryClient),
  });
}
