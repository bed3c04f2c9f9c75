import { FOLLOW_REQUEST_TEXTS, type FollowStatusView } from "@plaza/contracts/follows";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast";
import { ApiError, apiRequest, isUnauthorizedError } from "@/lib/api-client";

/**
 * POST /api/follows or DELETE /api/follows/{userId}. Afterwards the follow status, the profile, the viewer's
 * profile and the followers/following lists are refreshed (seed-spec §4 "Follow").
 */
export function useToggleFollow(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shouldFollow: boolean) =>
      shouldFollow
        ? apiRequest<FollowStatusView>("POST", "/api/follows", { followingId: userId })
        : apiRequest<FollowStatusView>("DELETE", `/api/follows/${userId}`),
    onSuccess: (status, shouldFollow) => {
      const previous = queryClient.getQueryData<FollowStatusView>(["/api/follows/status", userId]);
      queryClient.setQueryData(["/api/follows/status", userId], status);
      void queryClient.invalidateQueries({ queryKey: ["/api/users"] });
      void queryClient.invalidateQueries({ queryKey: ["/api/auth/user"] });
      if (status.isRequested) {
        toast({ title: FOLLOW_REQUEST_TEXTS.requestedTitle, description: FOLLOW_REQUEST_TEXTS.requested });
      } else if (!shouldFollow && previous?.isRequested) {
        toast({ title: FOLLOW_REQUEST_TEXTS.cancelledTitle, description: FOLLOW_REQUEST_TEXTS.cancelled });
      } else {
        toast(
          status.isFollowing
            ? { title: "User Followed", description: "You are now following this user" }
            : { title: "User Unfollowed", description: "You are no longer following this user" },
        );
      }
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      const description =
        error instanceof ApiError && error.serverMessage ? error.serverMessage : "Failed to update follow status";
      toast({ title: "Error", description, variant: "destructive" });
    },
  });
}
