import type { PublishAgreementBody } from "@plaza/contracts/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, queryKeyFor } from "@/lib/api";
import { refreshAdminData } from "./invalidate-admin";

export function usePublishAgreement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PublishAgreementBody) => api.post("/api/admin/agreements", { body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeyFor("getAgreementsActive") });
      await refreshAdminData(queryClient);
    },
  });
}
