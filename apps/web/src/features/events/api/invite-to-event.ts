import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";

/** POST /api/events/{id}/invitations {userIds} (hosts): answers {invitedCount}. */
export function useInviteToEvent(id: string) {
  return useMutation({
    mutationFn: (userIds: string[]) =>
      api.post("/api/events/{id}/invitations", { params: { path: { id } }, body: { userIds } }),
  });
}
