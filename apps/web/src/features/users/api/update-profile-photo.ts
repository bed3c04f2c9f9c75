import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, queryKeyRoot } from "@/lib/api";
import { currentUserQueryKey } from "@/lib/current-user";

/** PUT /api/profile/photo; refreshes the current user and users (docs/PRODUCT.md §7). */
export function useUpdateProfilePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profileImageUrl: string) => api.put("/api/profile/photo", { body: { profileImageUrl } }),
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryKey, user);
      void queryClient.invalidateQueries({ queryKey: queryKeyRoot("getUsersByUserId") });
    },
  });
}
