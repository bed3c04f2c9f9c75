import type { PasswordResetBody, PasswordResetConfirmBody } from "@plaza/contracts/accounts";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";

/** POST /api/auth/password-reset: the same answer whether or not the address has an account. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: PasswordResetBody) => api.post("/api/auth/password-reset", { body }),
  });
}

/** POST /api/auth/password-reset/confirm: sets the new password; every session of the account ends. */
export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: (body: PasswordResetConfirmBody) => api.post("/api/auth/password-reset/confirm", { body }),
  });
}
