import type { ChangeEmailBody, TokenBody } from "@plaza/contracts/accounts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { currentUserQueryKey } from "@/lib/current-user";

/** POST /api/auth/email: mails a confirmation link to the new address. */
export function useChangeEmail() {
  return useMutation({
    mutationFn: (body: ChangeEmailBody) => api.post("/api/auth/email", { body }),
  });
}

/** POST /api/auth/email/confirm: the mailed link switches the address. */
export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TokenBody) => api.post("/api/auth/email/confirm", { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
