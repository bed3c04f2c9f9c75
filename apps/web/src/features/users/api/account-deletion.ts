import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { api } from "@/lib/api";
import { isUnauthorizedError } from "@/lib/api-client";
import { currentUserQueryKey } from "@/lib/current-user";

/** POST /api/users/delete: schedules deletion after the 7-day grace period. */
export function useScheduleDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post("/api/users/delete"),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      toast({
        title: "Account Scheduled for Deletion",
        description: "Your account will be deleted in 7 days. You can cancel this action anytime before then.",
      });
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      toast({
        title: "Error",
        description: "Failed to schedule account deletion. Please try again.",
        variant: "destructive",
      });
    },
  });
}

/** POST /api/users/cancel-deletion (docs/PRODUCT.md "Accounts"). */
export function useCancelDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post("/api/users/cancel-deletion"),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      toast({ title: "Deletion Cancelled", description: "Your account will not be deleted." });
    },
    onError: (error) => {
      toastFailure(error, "Failed to cancel deletion. Please try again.");
    },
  });
}

/** GET /api/users/export is a download: the browser saves the attachment. */
export const ACCOUNT_EXPORT_URL = "/api/users/export";
