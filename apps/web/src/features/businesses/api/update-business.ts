import type { BusinessView, UpdateBusinessBody } from "@plaza/contracts/businesses";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export const updateBusiness = (businessId: string, body: UpdateBusinessBody) =>
  apiRequest<BusinessView>("PATCH", `/api/businesses/${businessId}`, body);

/** Edits or publishes a business, then refreshes every view of businesses. */
export function useUpdateBusiness(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateBusinessBody) => updateBusiness(businessId, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ["/api/users"] });
      await queryClient.invalidateQueries({ queryKey: ["/api/businesses"] });
    },
  });
}
