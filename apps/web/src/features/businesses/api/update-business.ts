import type { UpdateBusinessBody } from "@plaza/contracts/businesses";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, queryKeyRoot } from "@/lib/api";

export const updateBusiness = (businessId: string, body: UpdateBusinessBody) =>
  api.patch("/api/businesses/{id}", { params: { path: { id: businessId } }, body });

/** Edits or publishes a business, then refreshes every view of businesses. */
export function useUpdateBusiness(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateBusinessBody) => updateBusiness(businessId, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeyRoot("getUsersByUserId") });
      await queryClient.invalidateQueries({ queryKey: queryKeyRoot("getBusinessesById") });
    },
  });
}
