import type { CreateBusinessBody } from "@plaza/contracts/businesses";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, queryKeyRoot } from "@/lib/api";

export type CreateBusinessInput = Partial<CreateBusinessBody> & Pick<CreateBusinessBody, "name" | "category">;

export const createBusiness = (body: CreateBusinessInput) => api.post("/api/businesses", { body });

export function useCreateBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBusiness,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeyRoot("getUsersByUserId") }),
  });
}
