import type { TwoFactorDisableBody, TwoFactorEnableBody } from "@plaza/contracts/accounts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { currentUserQueryKey } from "@/lib/current-user";

/** POST /api/auth/2fa/setup: a new secret to add to an authenticator app. */
export function useSetupTwoFactor() {
  return useMutation({ mutationFn: () => api.post("/api/auth/2fa/setup") });
}

/** POST /api/auth/2fa/enable: the password and the app's first code turn it on; the answer holds the recovery codes. */
export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TwoFactorEnableBody) => api.post("/api/auth/2fa/enable", { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}

/** POST /api/auth/2fa/disable. */
export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TwoFactorDisableBody) => api.post("/api/auth/2fa/disable", { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
