import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { defineMessages, useIntl } from "react-intl";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { api, operationQuery, queryKeyFor } from "@/lib/api";

const messages = defineMessages({
  acceptedTitle: { id: "agreements.accept.acceptedTitle", defaultMessage: "Agreement Accepted" },
  acceptedText: {
    id: "agreements.accept.acceptedText",
    defaultMessage: "You have successfully accepted the user agreement.",
  },
  failed: { id: "agreements.accept.failed", defaultMessage: "Failed to accept agreement. Please try again." },
});

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
  const intl = useIntl();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (agreementId: string) => api.post("/api/agreements/accept", { body: { agreementId } }),
    onSuccess: (acceptance) => {
      queryClient.setQueryData(queryKeyFor("getAgreementsAcceptance"), acceptance);
      toast({
        title: intl.formatMessage(messages.acceptedTitle),
        description: intl.formatMessage(messages.acceptedText),
      });
    },
    onError: (error) => {
      toastFailure(error, intl.formatMessage(messages.failed));
    },
  });
}
