import type { SelfUserView } from "@plaza/contracts/users";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { currentUserQueryKey } from "@/lib/current-user";

/** PUT /api/profile/photo; refreshes the current user and users (docs/PRODUCT.md §7). */
export function useUpdateProfilePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profileImageUrl: string) => apiRequest<SelfUserView>("PUT", "/api/profile/photo", { profileImageUrl }),
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryKey, user);
      void queryClient.invalidateQueries({ queryKey: ["/api/users"] });
    },
  });
}
