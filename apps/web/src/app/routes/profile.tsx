import { EVENT_TEXTS } from "@plaza/contracts/events.texts";
import type { ProfileView } from "@plaza/contracts/users";
import { displayName } from "@plaza/contracts/users.texts";
import { defineMessages, useIntl } from "react-intl";
import { useParams } from "wouter";
import { LoadingRegion, SkeletonList } from "@/components/ui/skeleton";
import { useAuth } from "@/features/auth/hooks/use-auth";
import { useBusiness } from "@/features/businesses/api/get-business";
import { useBusinessOfUser } from "@/features/businesses/api/get-business-of-user";
import { BusinessCheckInButton } from "@/features/businesses/components/business-check-in-button";
import { BusinessLocationMap } from "@/features/businesses/components/business-location-map";
import {
  BusinessCover,
  BusinessLogo,
  BusinessProfileAbout,
  BusinessProfileHeader,
  BusinessProfileName,
} from "@/features/businesses/components/business-profile-details";
import { BusinessReviews, RatingSummary } from "@/features/businesses/components/business-reviews";
import { BusinessCoupons } from "@/features/coupons/components/business-coupons";
import { HostedEvents } from "@/features/events/components/hosted-events";
import { FollowButton } from "@/features/follows/components/follow-button";
import { FollowListDialog } from "@/features/follows/components/follow-list-dialog";
import { MessageButton } from "@/features/messaging/components/message-button";
import { CreatorPerks, useCreatorPerkLines } from "@/features/partnerships/components/creator-perks";
import { paymentPostSlots } from "@/features/payments/components/post-payment-slots";
import { SubscribeButton } from "@/features/payments/components/subscribe-button";
import { BusinessPhotos, UserPhotos, UserPosts } from "@/features/posts/components/user-posts";
import { ReportButton } from "@/features/reports/components/report-button";
import { ReportDialog } from "@/features/reports/components/report-dialog";
import { ProfileHeaderSkeleton, ProfilePage } from "@/features/users/components/profile-page";
import { useText } from "@/i18n/texts";
import { paths } from "@/lib/paths";

const messages = defineMessages({
  loadingCoupons: { id: "shell.profile.loading-coupons", defaultMessage: "Loading coupons..." },
  loadingReviews: { id: "shell.profile.loading-reviews", defaultMessage: "Loading reviews..." },
  noReviews: { id: "shell.profile.no-reviews", defaultMessage: "No reviews yet" },
  loadingProfile: { id: "shell.profile.loading", defaultMessage: "Loading profile..." },
  fromOwner: { id: "shell.profile.photos-from-owner", defaultMessage: "From the owner" },
  fromCustomers: { id: "shell.profile.photos-from-customers", defaultMessage: "From customers" },
  noCustomerPhotos: { id: "shell.profile.no-customer-photos", defaultMessage: "No customer photos yet" },
});

/** The Coupons tab of a business profile: the owner's business's coupons. */
function OwnerCoupons({ ownerId }: { ownerId: string }) {
  const intl = useIntl();
  const { data: business, isLoading } = useBusinessOfUser(ownerId);
  if (isLoading)
    return <SkeletonList label={intl.formatMessage(messages.loadingCoupons)} count={2} itemClassName="h-32" />;
  return <BusinessCoupons businessId={business?.id} />;
}

/** The Reviews tab of a business profile: its business's verified reviews; its owner replies. */
function OwnerReviews({ ownerId, isOwner }: { ownerId: string; isOwner: boolean }) {
  const intl = useIntl();
  const { data: business, isLoading } = useBusinessOfUser(ownerId);
  if (isLoading)
    return <SkeletonList label={intl.formatMessage(messages.loadingReviews)} count={2} itemClassName="h-24" />;
  if (!business) return <p className="py-12 text-center text-gray-500">{intl.formatMessage(messages.noReviews)}</p>;
  return (
    <div className="space-y-4">
      <RatingSummary business={business} />
      <BusinessReviews businessId={business.id} isOwner={isOwner} />
    </div>
  );
}

/**
 * The upcoming events of a profile: on a business's, those its owner hosts at the business; on a person's, those
 * they host.
 */
function ProfileEvents({
  profile,
  isOwn,
  knownBusinessId,
}: {
  profile: ProfileView;
  isOwn: boolean;
  knownBusinessId: string | undefined;
}) {
  const text = useText();
  const isBusiness = profile.profileType === "business";
  // On /business/{id} the business is known already: its events are asked for with the profile, not after it
  // (the server renders the page in a few rounds of data).
  const business = useBusinessOfUser(profile.id, isBusiness && !knownBusinessId);
  const businessId = knownBusinessId ?? business.data?.id;
  if (isBusiness && !businessId) return null;
  return (
    <HostedEvents
      filter={isBusiness && businessId ? { businessId } : { hostId: profile.id }}
      isOwn={isOwn}
      eventPath={paths.event}
      eventsPath={paths.events}
      emptyHint={text(isBusiness ? EVENT_TEXTS.emptyBusinessEventsHint : EVENT_TEXTS.emptyProfileEventsHint)}
    />
  );
}

/** The Subscribe button of a creator, its dialog naming the creator's partner perks. */
function CreatorSubscribeButton({ creatorId, creatorName }: { creatorId: string; creatorName: string }) {
  const perks = useCreatorPerkLines(creatorId);
  return <SubscribeButton creatorId={creatorId} creatorName={creatorName} perks={perks} />;
}

/**
 * /profile/{userId} and /business/{businessId}: a business id is resolved to its owner's profile (an id that is
 * not a business's is taken as a user id).
 */
export default function ProfileRoute() {
  const intl = useIntl();
  const params = useParams<{ userId?: string; businessId?: string }>();
  const business = useBusiness(params.businessId);
  const { user: viewer, isAuthenticated } = useAuth();
  if (params.businessId && business.isLoading) {
    return (
      <LoadingRegion label={intl.formatMessage(messages.loadingProfile)} isLabelVisible className="mx-auto max-w-4xl">
        <ProfileHeaderSkeleton />
      </LoadingRegion>
    );
  }
  const userId = params.userId ?? business.data?.ownerId ?? params.businessId ?? "";
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
              <CreatorSubscribeButton creatorId={profile.id} creatorName={profile.firstName ?? profile.username} />
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
          <UserPosts
            userId={profile.id}
            viewerId={viewer?.id ?? null}
            slots={{
              ...paymentPostSlots,
              renderReport: (post) => <ReportButton targetType="post" targetId={post.id} />,
            }}
          />
        ),
        renderReportDialog: (profile, state) => (
          <ReportDialog
            targetType="user"
            targetId={profile.id}
            isOpen={state.isOpen}
            onOpenChange={state.onOpenChange}
          />
        ),
        renderPhotos: (profile) =>
          profile.profileType === "business" ? (
            <BusinessPhotosTab ownerId={profile.id} />
          ) : (
            <UserPhotos userId={profile.id} />
          ),
        renderCoupons: (profile) => <OwnerCoupons ownerId={profile.id} />,
        renderEvents: (profile, isOwn) => (
          <ProfileEvents
            profile={profile}
            isOwn={isOwn}
            knownBusinessId={business.data?.ownerId === profile.id ? business.data.id : undefined}
          />
        ),
        renderPerks: (profile) => (isAuthenticated ? <CreatorPerks creatorId={profile.id} /> : null),
        renderCheckInButton: (profile) => <BusinessCheckInButton ownerId={profile.id} isSignedIn={isAuthenticated} />,
        renderBusinessName: (profile) => <BusinessProfileName ownerId={profile.id} fallback={displayName(profile)} />,
        renderBusinessHeader: (profile) => <BusinessProfileHeader ownerId={profile.id} />,
        renderBusinessCover: (profile, fallback) => <BusinessCover ownerId={profile.id} fallback={fallback} />,
        renderBusinessLogo: (profile, fallback) => <BusinessLogo ownerId={profile.id} fallback={fallback} />,
        renderReviews: (profile, isOwnProfile) => <OwnerReviews ownerId={profile.id} isOwner={isOwnProfile} />,
        renderBusinessAbout: (profile) => (
          <>
            <BusinessProfileAbout ownerId={profile.id} fallbackDescription={profile.bio ?? ""} />
            <BusinessLocationMap ownerId={profile.id} />
          </>
        ),
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

/**
 * A business profile's Photos tab: the owner's own pictures, then customers' photos from the visible posts tagged to
 * the place ("Tag a place").
 */
function BusinessPhotosTab({ ownerId }: { ownerId: string }) {
  const intl = useIntl();
  const business = useBusinessOfUser(ownerId);
  return (
    <div className="space-y-6">
      <section className="space-y-2">
        <h2 className="text-base font-semibold">{intl.formatMessage(messages.fromOwner)}</h2>
        <UserPhotos userId={ownerId} />
      </section>
      {business.data && (
        <section className="space-y-2">
          <h2 className="text-base font-semibold">{intl.formatMessage(messages.fromCustomers)}</h2>
          <BusinessPhotos businessId={business.data.id} emptyText={intl.formatMessage(messages.noCustomerPhotos)} />
        </section>
      )}
    </div>
  );
}
