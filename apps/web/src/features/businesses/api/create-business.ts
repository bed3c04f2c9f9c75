import type { BusinessView, CreateBusinessBody } from "@plaza/contracts/businesses";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export type CreateBusinessInput = Partial<CreateBusinessBody> & Pick<CreateBusinessBody, "name" | "category">;

export const createBusiness = (body: CreateBusinessInput) => apiRequest<BusinessView>("POST", "/api/businesses", body);

export function useCreateBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBusiness,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["/api/users"] }),
  });
}
