import type { SocialLinks } from "@plaza/contracts/social-links";
import type { SelfUserView } from "@plaza/contracts/users";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { apiRequest } from "@/lib/api-client";
import { currentUserQueryKey } from "@/lib/current-user";

/** PUT /api/users/{userId}/social-links */
export function useUpdateSocialLinks(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (socialLinks: SocialLinks) =>
      apiRequest<SelfUserView>("PUT", `/api/users/${userId}/social-links`, { socialLinks }),
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryKey, user);
      void queryClient.invalidateQueries({ queryKey: ["/api/users", userId] });
      toast({
        title: "Social Links Updated",
        description: "Your social media links have been updated successfully.",
      });
    },
    onError: (error) => {
      toastFailure(error, "Failed to update social links");
    },
  });
}
