import type { PublishAgreementBody } from "@plaza/contracts/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, queryKeyFor } from "@/lib/api";
import { refreshAdminData } from "./invalidate-admin";

/** POST /api/admin/privacy-policy: a new version of the privacy policy, in force at once. */
export function usePublishPrivacyPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PublishAgreementBody) => api.post("/api/admin/privacy-policy", { body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeyFor("getAgreementsPrivacyPolicy") });
      await refreshAdminData(queryClient);
    },
  });
}
