import type { ReportBody } from "@plaza/contracts/reports";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export function createReport(body: ReportBody) {
  return apiRequest<{ id: string; status: string }>("POST", "/api/reports", body);
}

export function useCreateReport() {
  return useMutation({ mutationFn: createReport });
}
