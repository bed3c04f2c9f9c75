import type { CreateInviteInput } from "@plaza/contracts/instance";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, operationQuery, queryKeyRoot } from "@/lib/api";

/** GET /api/invites: the invites the viewer made, newest first, with their uses so far. */
export function useInvites(enabled: boolean) {
  return useQuery({ ...operationQuery("getInvites"), enabled });
}

/** POST /api/invites: a new invite link. */
export function useCreateInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateInviteInput) => api.post("/api/invites", { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeyRoot("getInvites") }),
  });
}

/** DELETE /api/invites/{code}: the invite's link stops working at once. */
export function useEndInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.delete("/api/invites/{code}", { params: { path: { code } } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeyRoot("getInvites") }),
  });
}
