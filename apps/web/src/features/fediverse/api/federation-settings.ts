import type { FederationSettingsBody } from "@plaza/contracts/federation";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, operationQuery, queryKeyRoot } from "@/lib/api";

/** GET /api/federation/settings: whether this town federates, and the viewer's handle on other servers. */
export function useFederationSettings() {
  return useQuery(operationQuery("getFederationSettings"));
}

/** PUT /api/federation/settings: "discoverable on other servers" on or off. */
export function useUpdateFederationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FederationSettingsBody) => api.put("/api/federation/settings", { body }),
    onSuccess: (settings) => queryClient.setQueryData(operationQuery("getFederationSettings").queryKey, settings),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeyRoot("getFederationSettings") }),
  });
}

/** GET /api/federation/follow-requests: follows from other servers waiting for the viewer's answer. */
export function useRemoteFollowRequests(enabled: boolean) {
  return useQuery({ ...operationQuery("getFederationFollowRequests"), enabled });
}

/** Approves (an Accept goes back) or declines (a Reject) one of them. */
export function useAnswerRemoteFollowRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ remoteAccountId, isApproved }: { remoteAccountId: string; isApproved: boolean }) =>
      isApproved
        ? api.post("/api/federation/follow-requests/{remoteAccountId}/approve", {
            params: { path: { remoteAccountId } },
          })
        : api.delete("/api/federation/follow-requests/{remoteAccountId}", { params: { path: { remoteAccountId } } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeyRoot("getFederationFollowRequests") }),
  });
}
