import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { refreshModeration } from "./refresh-moderation";

/** Takes a report (or gives it to another moderator). */
export function useAssignReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reportId, moderatorId }: { reportId: string; moderatorId?: string }) =>
      api.post("/api/admin/reports/{reportId}/assign", {
        params: { path: { reportId } },
        body: moderatorId ? { moderatorId } : {},
      }),
    onSuccess: () => refreshModeration(queryClient),
  });
}
