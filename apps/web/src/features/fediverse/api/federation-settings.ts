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
