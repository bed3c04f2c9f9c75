import { displayName } from "@plaza/contracts/users";
import { useParams } from "wouter";
import { useAuth } from "@/features/auth/hooks/use-auth";
import { FollowButton } from "@/features/follows/components/follow-button";
import { FollowListDialog } from "@/features/follows/components/follow-list-dialog";
import { MessageButton } from "@/features/messaging/components/message-button";
import { paymentPostSlots } from "@/features/payments/components/post-payment-slots";
import { SubscribeButton } from "@/features/payments/components/subscribe-button";
import { UserPhotos, UserPosts } from "@/features/posts/components/user-posts";
import { ProfilePage } from "@/features/users/components/profile-page";

/**
 * /profile/{userId} and /business/{businessId}. Until a businesses API exists that maps a business to its owner,
 * a business id is taken as its owner's user id.
 */
export default function ProfileRoute() {
  const params = useParams<{ userId?: string; businessId?: string }>();
  const userId = params.userId ?? params.businessId ?? "";
  const { user: viewer, isAuthenticated } = useAuth();
  return (
    <ProfilePage
      key={userId}
      userId={userId}
      viewer={viewer}
      slots={{
        renderFollowButton: (profile) => (
          <>
            {profile.abilities.canFollow && <FollowButton userId={profile.id} isSignedIn={isAuthenticated} />}
            {isAuthenticated && profile.profileType === "creator" && (
              <SubscribeButton creatorId={profile.id} creatorName={profile.firstName ?? profile.username} />
            )}
          </>
        ),
        renderMessageButton: (profile) => (
          <MessageButton
            viewerId={viewer?.id ?? null}
            recipient={{ id: profile.id, name: displayName(profile), profileImageUrl: profile.profileImageUrl }}
          />
        ),
        renderPosts: (profile) => (
          <UserPosts userId={profile.id} viewerId={viewer?.id ?? null} slots={paymentPostSlots} />
        ),
        renderPhotos: (profile) => <UserPhotos userId={profile.id} />,
        renderFollowCounts: (profile) => (
          <>
            <FollowListDialog
              userId={profile.id}
              kind="followers"
              count={profile.followersCount}
              canView={profile.abilities.canViewContent}
            />
            <FollowListDialog
              userId={profile.id}
              kind="following"
              count={profile.followingCount}
              canView={profile.abilities.canViewContent}
            />
          </>
        ),
      }}
    />
  );
}
