import type { PreferencesBody } from "@plaza/contracts/users";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { defineMessages, useIntl } from "react-intl";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { api } from "@/lib/api";
import { currentUserQueryKey } from "@/lib/current-user";

const messages = defineMessages({
  updatedTitle: { id: "users.preferences.updatedTitle", defaultMessage: "Preferences Updated" },
  updated: { id: "users.preferences.updated", defaultMessage: "Your preferences have been saved." },
  failed: { id: "users.preferences.failed", defaultMessage: "Failed to update preferences. Please try again." },
});

/** PATCH /api/users/preferences; refreshes /api/auth/user (docs/PRODUCT.md §7). */
export function useUpdatePreferences() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PreferencesBody) => api.patch("/api/users/preferences", { body }),
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryKey, user);
      toast({ title: intl.formatMessage(messages.updatedTitle), description: intl.formatMessage(messages.updated) });
    },
    onError: (error) => {
      toastFailure(error, intl.formatMessage(messages.failed));
    },
  });
}
