import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { api, operationQuery, queryKeyFor } from "@/lib/api";

export const activeAgreementQuery = () => operationQuery("getAgreementsActive");

export function useActiveAgreement() {
  return useQuery(activeAgreementQuery());
}

/** Whether the signed-in viewer accepted the active agreement. */
export const agreementAcceptanceQuery = (isEnabled: boolean) =>
  queryOptions({ ...operationQuery("getAgreementsAcceptance"), enabled: isEnabled });

export function useAgreementAcceptance(isEnabled: boolean) {
  return useQuery(agreementAcceptanceQuery(isEnabled));
}

/** POST /api/agreements/accept */
export function useAcceptAgreement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (agreementId: string) => api.post("/api/agreements/accept", { body: { agreementId } }),
    onSuccess: (acceptance) => {
      queryClient.setQueryData(queryKeyFor("getAgreementsAcceptance"), acceptance);
      toast({ title: "Agreement Accepted", description: "You have successfully accepted the user agreement." });
    },
    onError: (error) => {
      toastFailure(error, "Failed to accept agreement. Please try again.");
    },
  });
}
