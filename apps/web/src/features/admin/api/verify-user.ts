import type { AdminUserView } from "@plaza/contracts/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { refreshAdminData } from "./invalidate-admin";

/** Gives (`isVerified: true`) or removes the verified badge of an account; the server logs it. */
export function useSetVerified() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, isVerified }: { userId: string; isVerified: boolean }) =>
      apiRequest<AdminUserView>(isVerified ? "POST" : "DELETE", `/api/admin/users/${userId}/verify`),
    onSuccess: () => refreshAdminData(queryClient),
  });
}
