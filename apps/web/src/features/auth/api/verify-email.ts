import type { TokenBody } from "@plaza/contracts/accounts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { currentUserQueryKey } from "@/lib/current-user";

/** POST /api/auth/verify-email: uses the mailed link's token. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TokenBody) => api.post("/api/auth/verify-email", { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}

/** POST /api/auth/verify-email/resend: a new verification link for the signed-in user. */
export function useResendVerification() {
  return useMutation({
    mutationFn: () => api.post("/api/auth/verify-email/resend"),
  });
}
