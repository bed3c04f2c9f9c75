import type { SocialLinks } from "@plaza/contracts/social-links";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { defineMessages, useIntl } from "react-intl";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { api, queryKeyFor } from "@/lib/api";
import { currentUserQueryKey } from "@/lib/current-user";

const messages = defineMessages({
  updatedTitle: { id: "users.socialLinksUpdate.updatedTitle", defaultMessage: "Social Links Updated" },
  updated: {
    id: "users.socialLinksUpdate.updated",
    defaultMessage: "Your social media links have been updated successfully.",
  },
  failed: { id: "users.socialLinksUpdate.failed", defaultMessage: "Failed to update social links" },
});

/** PUT /api/users/{userId}/social-links */
export function useUpdateSocialLinks(userId: string) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (socialLinks: SocialLinks) =>
      api.put("/api/users/{userId}/social-links", { params: { path: { userId } }, body: { socialLinks } }),
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryKey, user);
      void queryClient.invalidateQueries({
        queryKey: queryKeyFor("getUsersByUserId", { params: { path: { userId: userId } } }),
      });
      toast({
        title: intl.formatMessage(messages.updatedTitle),
        description: intl.formatMessage(messages.updated),
      });
    },
    onError: (error) => {
      toastFailure(error, intl.formatMessage(messages.failed));
    },
  });
}
