import type { ResolveReportBody } from "@plaza/contracts/reports";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { refreshAdminData } from "./invalidate-admin";

export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reportId, body }: { reportId: string; body: ResolveReportBody }) =>
      apiRequest("POST", `/api/admin/reports/${reportId}/resolve`, body),
    onSuccess: () => refreshAdminData(queryClient),
  });
}
