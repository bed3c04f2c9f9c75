import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { refreshModeration } from "./refresh-moderation";

/** Grants (reversing the action) or denies an appeal. */
export function useDecideAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ appealId, isGranted, note }: { appealId: string; isGranted: boolean; note: string }) =>
      isGranted
        ? api.post("/api/admin/appeals/{appealId}/grant", { params: { path: { appealId } }, body: { note } })
        : api.post("/api/admin/appeals/{appealId}/deny", { params: { path: { appealId } }, body: { note } }),
    onSuccess: () => refreshModeration(queryClient),
  });
}
