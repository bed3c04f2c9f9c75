import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { refreshModeration } from "./refresh-moderation";

export function useUnblockEmailDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domainBlockId: string) =>
      api.delete("/api/admin/email-domain-blocks/{domainBlockId}", { params: { path: { domainBlockId } } }),
    onSuccess: () => refreshModeration(queryClient),
  });
}
