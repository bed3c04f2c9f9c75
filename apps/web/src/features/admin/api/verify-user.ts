import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { refreshAdminData } from "./invalidate-admin";

/** Gives (`isVerified: true`) or removes the verified badge of an account; the server logs it. */
export function useSetVerified() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, isVerified }: { userId: string; isVerified: boolean }) =>
      (isVerified ? api.post : api.delete)("/api/admin/users/{userId}/verify", { params: { path: { userId } } }),
    onSuccess: () => refreshAdminData(queryClient),
  });
}
