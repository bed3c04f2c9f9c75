import type { ChangePasswordBody } from "@plaza/contracts/accounts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { sessionsQueryKey } from "./sessions";

/** POST /api/auth/password: the other sessions end, so the sessions list changes too. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => api.post("/api/auth/password", { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
