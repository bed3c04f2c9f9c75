import type { UpdateInstanceInput } from "@plaza/contracts/instance";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, queryKeyRoot } from "@/lib/api";

/** PATCH /api/admin/instance: the town's name, rules, contact, logo, language and sign-up mode. */
export function useUpdateInstance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateInstanceInput) => api.patch("/api/admin/instance", { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeyRoot("getInstance") }),
  });
}
