import type { ProfileFormBody } from "@plaza/contracts/users";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { defineMessages, useIntl } from "react-intl";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { api, queryKeyFor } from "@/lib/api";
import { currentUserQueryKey } from "@/lib/current-user";

const messages = defineMessages({
  updatedTitle: { id: "users.profileUpdate.updatedTitle", defaultMessage: "Profile Updated" },
  updated: { id: "users.profileUpdate.updated", defaultMessage: "Your profile has been updated successfully." },
  failed: { id: "users.profileUpdate.failed", defaultMessage: "Failed to update profile. Please try again." },
});

/** PATCH /api/users/profile; refreshes /api/auth/user (docs/PRODUCT.md §7) and the profile. */
export function useUpdateProfile() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileFormBody) => api.patch("/api/users/profile", { body }),
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryKey, user);
      void queryClient.invalidateQueries({
        queryKey: queryKeyFor("getUsersByUserId", { params: { path: { userId: user.id } } }),
      });
      toast({ title: intl.formatMessage(messages.updatedTitle), description: intl.formatMessage(messages.updated) });
    },
    onError: (error) => {
      toastFailure(error, intl.formatMessage(messages.failed));
    },
  });
}
