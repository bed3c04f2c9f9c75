import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { refreshModeration } from "./refresh-moderation";

/** A private note on a report. */
export function useAddReportNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reportId, text }: { reportId: string; text: string }) =>
      api.post("/api/admin/reports/{reportId}/notes", { params: { path: { reportId } }, body: { text } }),
    onSuccess: () => refreshModeration(queryClient),
  });
}
