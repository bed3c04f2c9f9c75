import type { ResolveReportBody } from "@plaza/contracts/reports";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { refreshAdminData } from "./invalidate-admin";

export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reportId, body }: { reportId: string; body: ResolveReportBody }) =>
      api.post("/api/admin/reports/{reportId}/resolve", { params: { path: { reportId } }, body }),
    onSuccess: () => refreshAdminData(queryClient),
  });
}
