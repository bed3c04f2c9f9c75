import type { SocialLinks } from "@plaza/contracts/social-links";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { api, queryKeyFor } from "@/lib/api";
import { currentUserQueryKey } from "@/lib/current-user";

/** PUT /api/users/{userId}/social-links */
export function useUpdateSocialLinks(userId: string) {
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
        title: "Social Links Updated",
        description: "Your social media links have been updated successfully.",
      });
    },
    onError: (error) => {
      toastFailure(error, "Failed to update social links");
    },
  });
}
