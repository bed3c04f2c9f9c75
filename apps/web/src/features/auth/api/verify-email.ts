import type { AcceptedView, TokenBody } from "@plaza/contracts/accounts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { currentUserQueryKey } from "@/lib/current-user";

/** POST /api/auth/verify-email: uses the mailed link's token. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TokenBody) => apiRequest<null>("POST", "/api/auth/verify-email", body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}

/** POST /api/auth/verify-email/resend: a new verification link for the signed-in user. */
export function useResendVerification() {
  return useMutation({
    mutationFn: () => apiRequest<AcceptedView>("POST", "/api/auth/verify-email/resend"),
  });
}
