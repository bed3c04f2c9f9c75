import type { ReportBody } from "@plaza/contracts/reports";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";

export function createReport(body: ReportBody) {
  return api.post("/api/reports", { body });
}

export function useCreateReport() {
  return useMutation({ mutationFn: createReport });
}
