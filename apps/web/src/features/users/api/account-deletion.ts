import { useMutation, useQueryClient } from "@tanstack/react-query";
import { defineMessages, useIntl } from "react-intl";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { api } from "@/lib/api";
import { isUnauthorizedError } from "@/lib/api-client";
import { currentUserQueryKey } from "@/lib/current-user";

const messages = defineMessages({
  scheduledTitle: { id: "users.deletion.scheduledTitle", defaultMessage: "Account Scheduled for Deletion" },
  scheduled: {
    id: "users.deletion.scheduled",
    defaultMessage: "Your account will be deleted in 7 days. You can cancel this action anytime before then.",
  },
  errorTitle: { id: "users.deletion.errorTitle", defaultMessage: "Error" },
  scheduleFailed: {
    id: "users.deletion.scheduleFailed",
    defaultMessage: "Failed to schedule account deletion. Please try again.",
  },
  cancelledTitle: { id: "users.deletion.cancelledTitle", defaultMessage: "Deletion Cancelled" },
  cancelled: { id: "users.deletion.cancelled", defaultMessage: "Your account will not be deleted." },
  cancelFailed: { id: "users.deletion.cancelFailed", defaultMessage: "Failed to cancel deletion. Please try again." },
});

/** POST /api/users/delete: schedules deletion after the 7-day grace period. */
export function useScheduleDeletion() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post("/api/users/delete"),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      toast({
        title: intl.formatMessage(messages.scheduledTitle),
        description: intl.formatMessage(messages.scheduled),
      });
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      toast({
        title: intl.formatMessage(messages.errorTitle),
        description: intl.formatMessage(messages.scheduleFailed),
        variant: "destructive",
      });
    },
  });
}

/** POST /api/users/cancel-deletion (docs/PRODUCT.md "Accounts"). */
export function useCancelDeletion() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post("/api/users/cancel-deletion"),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      toast({
        title: intl.formatMessage(messages.cancelledTitle),
        description: intl.formatMessage(messages.cancelled),
      });
    },
    onError: (error) => {
      toastFailure(error, intl.formatMessage(messages.cancelFailed));
    },
  });
}

/** GET /api/users/export is a download: the browser saves the attachment. */
export const ACCOUNT_EXPORT_URL = "/api/users/export";
