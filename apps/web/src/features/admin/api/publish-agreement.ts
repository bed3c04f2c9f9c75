import type { PublishAgreementBody } from "@plaza/contracts/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { refreshAdminData } from "./invalidate-admin";

export function usePublishAgreement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PublishAgreementBody) => apiRequest("POST", "/api/admin/agreements", body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ["/api/agreements/active"] });
      await refreshAdminData(queryClient);
    },
  });
}
