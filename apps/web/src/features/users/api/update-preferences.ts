import type { PreferencesBody } from "@plaza/contracts/users";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { api } from "@/lib/api";
import { currentUserQueryKey } from "@/lib/current-user";

/** PATCH /api/users/preferences; refreshes /api/auth/user (docs/PRODUCT.md §7). */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PreferencesBody) => api.patch("/api/users/preferences", { body }),
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryKey, user);
      toast({ title: "Preferences Updated", description: "Your preferences have been saved." });
    },
    onError: (error) => {
      toastFailure(error, "Failed to update preferences. Please try again.");
    },
  });
}
