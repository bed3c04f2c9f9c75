import type { ProfileFormBody } from "@plaza/contracts/users";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { api, queryKeyFor } from "@/lib/api";
import { currentUserQueryKey } from "@/lib/current-user";

/** PATCH /api/users/profile; refreshes /api/auth/user (docs/PRODUCT.md §7) and the profile. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileFormBody) => api.patch("/api/users/profile", { body }),
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryKey, user);
      void queryClient.invalidateQueries({
        queryKey: queryKeyFor("getUsersByUserId", { params: { path: { userId: user.id } } }),
      });
      toast({ title: "Profile Updated", description: "Your profile has been updated successfully." });
    },
    onError: (error) => {
      toastFailure(error, "Failed to update profile. Please try again.");
    },
  });
}
