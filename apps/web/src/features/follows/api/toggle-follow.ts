import type { FollowStatusView } from "@plaza/contracts/follows";
import type { ProfileView, SelfUserView } from "@plaza/contracts/users";
import { type QueryClient, type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { defineMessages, type IntlShape, useIntl } from "react-intl";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { api, queryKeyFor, queryKeyRoot } from "@/lib/api";
import { currentUserQueryKey } from "@/lib/current-user";

const messages = defineMessages({
  requestedTitle: { id: "follows.toggle.requestedTitle", defaultMessage: "Follow Requested" },
  requested: { id: "follows.toggle.requested", defaultMessage: "Your request to follow this user has been sent" },
  cancelledTitle: { id: "follows.toggle.cancelledTitle", defaultMessage: "Request Cancelled" },
  cancelled: { id: "follows.toggle.cancelled", defaultMessage: "Your follow request has been cancelled" },
  followedTitle: { id: "follows.toggle.followedTitle", defaultMessage: "User Followed" },
  followed: { id: "follows.toggle.followed", defaultMessage: "You are now following this user" },
  unfollowedTitle: { id: "follows.toggle.unfollowedTitle", defaultMessage: "User Unfollowed" },
  unfollowed: { id: "follows.toggle.unfollowed", defaultMessage: "You are no longer following this user" },
  failed: { id: "follows.toggle.failed", defaultMessage: "Failed to update follow status" },
});

const NOT_FOLLOWING: FollowStatusView = { isFollowing: false, isRequested: false };

interface FollowContext {
  previous: FollowStatusView;
  snapshot: [QueryKey, unknown][];
}

/** What the server will most likely answer: a private account turns a follow into a request. */
function expectedStatus(shouldFollow: boolean, profile: ProfileView | undefined): FollowStatusView {
  if (!shouldFollow) return NOT_FOLLOWING;
  return profile?.accountVisibility === "private"
    ? { isFollowing: false, isRequested: true }
    : { isFollowing: true, isRequested: false };
}

/**
 * The follow toggle as TanStack Query options: POST /api/follows or DELETE /api/follows/{userId} (docs/PRODUCT.md §4
 * "Follow"). Optimistic: the follow status, the profile's followers count and the viewer's following count change
 * before the server answers; a refusal restores them and shows the error toast. Afterwards the profiles and the
 * followers/following lists are refreshed from the server. `intl` speaks the toasts.
 */
export function followMutationOptions(queryClient: QueryClient, userId: string, intl: IntlShape) {
  const statusKey = queryKeyFor("getFollowsStatusByUserId", { params: { path: { userId: userId } } });
  const profileKey = queryKeyFor("getUsersByUserId", { params: { path: { userId: userId } } });
  const viewerKey = currentUserQueryKey;
  return {
    mutationKey: ["follow", userId],
    mutationFn: (shouldFollow: boolean) =>
      shouldFollow
        ? api.post("/api/follows", { body: { followingId: userId } })
        : api.delete("/api/follows/{userId}", { params: { path: { userId } } }),
    onMutate: async (shouldFollow: boolean): Promise<FollowContext> => {
      await Promise.all(
        [statusKey, profileKey, viewerKey].map((queryKey) => queryClient.cancelQueries({ queryKey, exact: true })),
      );
      const snapshot: [QueryKey, unknown][] = [statusKey, profileKey, viewerKey].map((queryKey) => [
        queryKey,
        queryClient.getQueryData(queryKey),
      ]);
      const previous = queryClient.getQueryData<FollowStatusView>(statusKey) ?? NOT_FOLLOWING;
      const next = expectedStatus(shouldFollow, queryClient.getQueryData<ProfileView>(profileKey));
      const delta = Number(next.isFollowing) - Number(previous.isFollowing);
      queryClient.setQueryData<FollowStatusView>(statusKey, next);
      if (delta !== 0) {
        queryClient.setQueryData<ProfileView>(profileKey, (profile) =>
          profile ? { ...profile, followersCount: Math.max(0, profile.followersCount + delta) } : profile,
        );
        queryClient.setQueryData<SelfUserView | null>(viewerKey, (viewer) =>
          viewer ? { ...viewer, followingCount: Math.max(0, viewer.followingCount + delta) } : viewer,
        );
      }
      return { previous, snapshot };
    },
    onSuccess: (status: FollowStatusView, shouldFollow: boolean, context: FollowContext | undefined) => {
      queryClient.setQueryData(statusKey, status);
      void queryClient.invalidateQueries({ queryKey: queryKeyRoot("getUsersByUserId") });
      void queryClient.invalidateQueries({ queryKey: viewerKey });
      // Whom the viewer follows decides the Social Feed (the posts feature's key, named here as a string: features
      // do not import each other). A new account following its first suggestion sees their posts at once.
      void queryClient.invalidateQueries({ queryKey: queryKeyFor("getPostsFeed") });
      if (status.isRequested) {
        toast({
          title: intl.formatMessage(messages.requestedTitle),
          description: intl.formatMessage(messages.requested),
        });
      } else if (!shouldFollow && context?.previous.isRequested) {
        toast({
          title: intl.formatMessage(messages.cancelledTitle),
          description: intl.formatMessage(messages.cancelled),
        });
      } else {
        toast(
          status.isFollowing
            ? { title: intl.formatMessage(messages.followedTitle), description: intl.formatMessage(messages.followed) }
            : {
                title: intl.formatMessage(messages.unfollowedTitle),
                description: intl.formatMessage(messages.unfollowed),
              },
        );
      }
    },
    onError: (error: Error, _shouldFollow: boolean, context: FollowContext | undefined) => {
      for (const [queryKey, data] of context?.snapshot ?? []) queryClient.setQueryData(queryKey, data);
      toastFailure(error, intl.formatMessage(messages.failed));
    },
  };
}

export function useToggleFollow(userId: string) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  return useMutation(followMutationOptions(queryClient, userId, intl));
}
