import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { refreshModeration } from "./refresh-moderation";

export function useBlockEmailDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domain: string) => api.post("/api/admin/email-domain-blocks", { body: { domain } }),
    onSuccess: () => refreshModeration(queryClient),
  });
}
