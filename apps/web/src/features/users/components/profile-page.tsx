import type { ProfileView, SelfUserView } from "@plaza/contracts/users";
import { displayName } from "@plaza/contracts/users.texts";
import { Ban, Camera, Flag, Lock, MapPin, MoreHorizontal } from "lucide-react";
import { type ReactNode, useState } from "react";
import { type IntlShape, useIntl } from "react-intl";
import { Link, useLocation } from "wouter";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { LoadFailure } from "@/components/ui/load-failure";
import { PresenceLabel } from "@/components/ui/presence-label";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { VerifiedBadge } from "@/components/ui/verified-badge";
import { pageFailureStatus, usePageFailureStatus } from "@/lib/page-status";
import { paths } from "@/lib/paths";
import { useUserProfile } from "../api/get-user-profile";
import { BlockUserDialog } from "./block-user-dialog";
import { messages, PROFILE_TYPE_MESSAGES, phrases } from "./profile-page.messages";
import { ProfilePhotoDialog } from "./profile-photo-dialog";
import { SocialLinksBlock } from "./social-links";

/** The open state of a dialog the page opens from its menu. */
export interface DialogState {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/** What the page composes in from other domains (posts, follows, messaging, coupons). */
export interface ProfileSlots {
  renderFollowButton?: (profile: ProfileView) => ReactNode;
  renderFollowCounts?: (profile: ProfileView) => ReactNode;
  renderMessageButton?: (profile: ProfileView) => ReactNode;
  renderPosts?: (profile: ProfileView, isOwnProfile: boolean) => ReactNode;
  renderPhotos?: (profile: ProfileView) => ReactNode;
  renderCoupons?: (profile: ProfileView) => ReactNode;
  /** Creator profiles: the live perks of partner businesses for subscribers (partnerships). */
  renderPerks?: (profile: ProfileView) => ReactNode;
  /** The business profile's Check In button (local discovery); an inert button without it. */
  renderCheckInButton?: (profile: ProfileView) => ReactNode;
  /** Business profiles: category/price badges, rating and check-ins under the name (local discovery). */
  renderBusinessHeader?: (profile: ProfileView) => ReactNode;
  /** Business profiles: address, phone and website in the About tab (local discovery). */
  renderBusinessAbout?: (profile: ProfileView) => ReactNode;
  /** Business profiles: the business's name, shown as the page's heading instead of the owner's name. */
  renderBusinessName?: (profile: ProfileView) => ReactNode;
  /** Business profiles: the cover picture across the top (`fallback`, a gradient, without one). */
  renderBusinessCover?: (profile: ProfileView, fallback: ReactNode) => ReactNode;
  /** Business profiles: the logo in the avatar's place (`fallback`, the owner's photo, without one). */
  renderBusinessLogo?: (profile: ProfileView, fallback: ReactNode) => ReactNode;
  /** Business profiles: the Reviews tab (verified reviews, owner replies). */
  renderReviews?: (profile: ProfileView, isOwnProfile: boolean) => ReactNode;
  /** The upcoming events the person hosts (a business: those at its business), above the tabs. */
  renderEvents?: (profile: ProfileView, isOwnProfile: boolean) => ReactNode;
  /** Moderation: the report dialog behind the "More actions" menu's Report item (signed-in viewers only). */
  renderReportDialog?: (profile: ProfileView, state: DialogState) => ReactNode;
}

function joinedText(intl: IntlShape, createdAt: string): string {
  const date = new Date(createdAt);
  // In UTC: the same month on the server that renders the page and in every browser that hydrates it.
  const when = Number.isNaN(date.getTime())
    ? intl.formatMessage(messages.unknown)
    : intl.formatDate(date, { month: "long", year: "numeric", timeZone: "UTC" });
  return intl.formatMessage(phrases.joined, { date: when });
}

/** The contract's empty texts for the Posts tab until the posts list is composed in. */
export function EmptyPosts({ isOwnProfile }: { isOwnProfile: boolean }) {
  const intl = useIntl();
  return (
    <div className="py-12 text-center">
      <p className="font-medium">{intl.formatMessage(messages.noPosts)}</p>
      <p className="text-sm text-gray-500">
        {intl.formatMessage(isOwnProfile ? messages.noPostsOwn : messages.noPostsOther)}
      </p>
      {isOwnProfile && (
        <Button asChild className="mt-4">
          <Link href={paths.home}>{intl.formatMessage(messages.createFirstPost)}</Link>
        </Button>
      )}
    </div>
  );
}

function PrivateContent() {
  const intl = useIntl();
  return (
    <div className="flex flex-col items-center gap-2 py-12 text-center text-gray-500">
      <Lock aria-hidden className="h-6 w-6" />
      <p className="font-medium">{intl.formatMessage(messages.privateTitle)}</p>
      <p className="text-sm">{intl.formatMessage(messages.privateHint)}</p>
    </div>
  );
}

/** The profile header while it loads: cover, avatar, name lines and the three counts. */
export function ProfileHeaderSkeleton() {
  return (
    <Card className="overflow-hidden" data-testid="profile-header-skeleton">
      <Skeleton className="h-32 w-full rounded-none" />
      <CardContent className="relative pb-6">
        <div className="-mt-12 flex flex-col gap-4 sm:flex-row sm:items-end">
          <Skeleton className="h-24 w-24 rounded-full border-4 border-surface" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-7 w-48 max-w-full" />
            <Skeleton className="h-4 w-32" />
          </div>
        </div>
        <div className="mt-6 flex gap-8">
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} className="h-10 w-16" />
          ))}
        </div>
      </CardContent>
    </Card>
  );
}

/** The profile screen of docs/PRODUCT.md §2 (also used for /business/{id}). */
export function ProfilePage({
  userId,
  viewer,
  slots = {},
}: {
  userId: string;
  viewer: SelfUserView | null;
  slots?: ProfileSlots;
}) {
  const intl = useIntl();
  const profile = useUserProfile(userId);
  const [isPhotoDialogOpen, setIsPhotoDialogOpen] = useState(false);
  const [openDialog, setOpenDialog] = useState<"block" | "report" | null>(null);
  const [, navigate] = useLocation();
  // A missing profile (or business) is a 404 page when the server renders it.
  usePageFailureStatus(profile.error);

  if (profile.isLoading) {
    return (
      <LoadingRegion
        label={intl.formatMessage(messages.loading)}
        isLabelVisible
        className="mx-auto max-w-4xl space-y-6"
      >
        <ProfileHeaderSkeleton />
        <Skeleton className="h-10 w-full max-w-md" />
        <Skeleton className="h-40 w-full" />
      </LoadingRegion>
    );
  }
  if (profile.isError && pageFailureStatus(profile.error) === null) {
    return (
      <LoadFailure
        title={intl.formatMessage(messages.loadFailed)}
        error={profile.error}
        onRetry={() => profile.refetch()}
        isRetrying={profile.isFetching}
      />
    );
  }
  if (profile.isError) {
    return (
      <div className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-center">
        <h1 className="text-2xl font-bold">{intl.formatMessage(messages.notFoundTitle)}</h1>
        <p className="text-gray-600">{intl.formatMessage(messages.notFoundText)}</p>
        <Button asChild>
          <Link href={paths.home}>{intl.formatMessage(messages.returnHome)}</Link>
        </Button>
      </div>
    );
  }
  const user = profile.data;
  if (!user) {
    return <h1 className="py-16 text-center text-2xl font-bold">{intl.formatMessage(messages.profileNotFound)}</h1>;
  }

  const isOwnProfile = viewer?.id === user.id;
  const name = displayName(user);
  const initial = (user.firstName || user.username).charAt(0).toUpperCase();
  const isBusiness = user.profileType === "business";
  const location = [user.city, user.state, user.country].filter(Boolean).join(", ");
  const canView = user.abilities.canViewContent;

  const canReport = viewer !== null && slots.renderReportDialog !== undefined;
  const hasMoreActions = !isOwnProfile && (user.abilities.canBlock || canReport);
  const coverFallback = <div className="h-24 bg-gradient-to-r from-brand-500 to-brand-100 sm:h-32" aria-hidden />;
  const avatar = (
    <Avatar className="h-24 w-24 border-4 border-surface text-3xl">
      {user.profileImageUrl && <AvatarImage src={user.profileImageUrl} alt={name} />}
      <AvatarFallback className="text-3xl">{initial}</AvatarFallback>
    </Avatar>
  );

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <Card className="overflow-hidden">
        {isBusiness && slots.renderBusinessCover ? slots.renderBusinessCover(user, coverFallback) : coverFallback}
        <CardContent className="relative pb-6">
          {/* Phones: avatar, name, actions under each other. Wider: the actions sit beside the avatar and the name
              gets the whole width below them, so nothing ever squeezes it (issue 17). */}
          <div className="-mt-12 flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:items-end sm:justify-between">
            <div className="relative w-fit shrink-0">
              {isBusiness && slots.renderBusinessLogo ? slots.renderBusinessLogo(user, avatar) : avatar}
              {isOwnProfile && (
                <Button
                  size="icon"
                  variant="secondary"
                  className="absolute end-0 bottom-0 size-11 rounded-full border md:size-8"
                  aria-label={intl.formatMessage(messages.changePhoto)}
                  onClick={() => setIsPhotoDialogOpen(true)}
                >
                  <Camera aria-hidden className="h-4 w-4" />
                </Button>
              )}
            </div>
            <div
              // Top-aligned: a button with a line under it (Subscribe's fee line) keeps its button in the row.
              className="order-last flex flex-wrap items-start gap-2 sm:order-none sm:ms-auto sm:justify-end"
              data-testid="profile-actions"
            >
              {isOwnProfile ? (
                <Button asChild variant="outline">
                  <Link href={paths.settings}>{intl.formatMessage(messages.editProfile)}</Link>
                </Button>
              ) : (
                <>
                  {slots.renderFollowButton?.(user)}
                  {slots.renderMessageButton?.(user)}
                  {isBusiness &&
                    (slots.renderCheckInButton ? (
                      slots.renderCheckInButton(user)
                    ) : (
                      <Button variant="outline">{intl.formatMessage(messages.checkIn)}</Button>
                    ))}
                  {hasMoreActions && (
                    <DropdownMenu>
                      <DropdownMenuTrigger asChild>
                        <Button variant="outline" size="icon" aria-label={intl.formatMessage(messages.moreActions)}>
                          <MoreHorizontal aria-hidden className="h-4 w-4" />
                        </Button>
                      </DropdownMenuTrigger>
                      <DropdownMenuContent align="end">
                        {canReport && (
                          <DropdownMenuItem onSelect={() => setOpenDialog("report")}>
                            <Flag aria-hidden /> {intl.formatMessage(messages.report)}
                          </DropdownMenuItem>
                        )}
                        {user.abilities.canBlock && (
                          <DropdownMenuItem variant="destructive" onSelect={() => setOpenDialog("block")}>
                            <Ban aria-hidden /> {intl.formatMessage(messages.block)}
                          </DropdownMenuItem>
                        )}
                      </DropdownMenuContent>
                    </DropdownMenu>
                  )}
                </>
              )}
            </div>
            <div className="min-w-0 sm:basis-full">
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <h1 className="min-w-0 text-2xl font-bold wrap-anywhere" data-testid="profile-name">
                  {isBusiness && slots.renderBusinessName ? slots.renderBusinessName(user) : name}
                </h1>
                {user.isVerified && <VerifiedBadge withLabel />}
                <Badge variant="secondary">{intl.formatMessage(PROFILE_TYPE_MESSAGES[user.profileType])}</Badge>
              </div>
              <p className="text-gray-500 wrap-anywhere">
                <bdi dir="ltr">@{user.username}</bdi>
              </p>
              {/* A business speaks as itself: no owner's name or presence under its name. */}
              {!isOwnProfile && !isBusiness && (
                <PresenceLabel isOnline={user.isOnline} lastActiveAt={user.lastActiveAt} />
              )}
              {isBusiness && slots.renderBusinessHeader?.(user)}
            </div>
          </div>
          {user.bio && (
            <p dir="auto" className="mt-4 whitespace-pre-wrap text-gray-800 wrap-anywhere">
              {user.bio}
            </p>
          )}
          <div className="mt-4 flex flex-wrap gap-x-8 gap-y-2">
            <div className="text-center">
              <span className="block text-lg font-semibold">{intl.formatNumber(user.postsCount)}</span>
              <span className="text-sm text-gray-500">{intl.formatMessage(messages.postsCount)}</span>
            </div>
            {slots.renderFollowCounts?.(user)}
          </div>
        </CardContent>
      </Card>
      {user.profileType === "creator" && slots.renderPerks?.(user)}
      {slots.renderEvents?.(user, isOwnProfile)}
      {user.abilities.canBlock && (
        <BlockUserDialog
          userId={user.id}
          name={name}
          onBlocked={() => navigate(paths.home)}
          isOpen={openDialog === "block"}
          onOpenChange={(isOpen) => setOpenDialog(isOpen ? "block" : null)}
        />
      )}
      {canReport &&
        slots.renderReportDialog?.(user, {
          isOpen: openDialog === "report",
          onOpenChange: (isOpen) => setOpenDialog(isOpen ? "report" : null),
        })}

      <Tabs defaultValue="posts">
        <TabsList>
          <TabsTrigger value="posts">{intl.formatMessage(messages.tabPosts)}</TabsTrigger>
          {isBusiness && slots.renderReviews && (
            <TabsTrigger value="reviews">{intl.formatMessage(messages.tabReviews)}</TabsTrigger>
          )}
          <TabsTrigger value="photos">{intl.formatMessage(messages.tabPhotos)}</TabsTrigger>
          {isBusiness && <TabsTrigger value="coupons">{intl.formatMessage(messages.tabCoupons)}</TabsTrigger>}
          <TabsTrigger value="about">{intl.formatMessage(messages.tabAbout)}</TabsTrigger>
        </TabsList>
        <TabsContent value="posts">
          {/* Posts slot: the posts feature supplies the list; until then the contract's empty texts show. */}
          {!canView ? (
            <PrivateContent />
          ) : slots.renderPosts ? (
            slots.renderPosts(user, isOwnProfile)
          ) : (
            <EmptyPosts isOwnProfile={isOwnProfile} />
          )}
        </TabsContent>
        {isBusiness && slots.renderReviews && (
          <TabsContent value="reviews">{slots.renderReviews(user, isOwnProfile)}</TabsContent>
        )}
        <TabsContent value="photos">
          {!canView ? (
            <PrivateContent />
          ) : slots.renderPhotos ? (
            slots.renderPhotos(user)
          ) : (
            <p className="py-12 text-center text-gray-500">{intl.formatMessage(messages.noPhotos)}</p>
          )}
        </TabsContent>
        {isBusiness && (
          <TabsContent value="coupons">
            {slots.renderCoupons ? (
              slots.renderCoupons(user)
            ) : (
              <p className="py-12 text-center text-gray-500">{intl.formatMessage(messages.noCoupons)}</p>
            )}
          </TabsContent>
        )}
        <TabsContent value="about">
          <Card>
            <CardContent className="space-y-6 pt-6">
              <div>
                <h3 className="mb-1 font-medium">{intl.formatMessage(messages.about)}</h3>
                {/* A business's About is its description (with address, phone, website), said once. */}
                {isBusiness && slots.renderBusinessAbout ? (
                  slots.renderBusinessAbout(user)
                ) : (
                  <p className="whitespace-pre-wrap text-gray-700 wrap-anywhere">
                    {user.bio || intl.formatMessage(messages.noDescription)}
                  </p>
                )}
              </div>
              <SocialLinksBlock userId={user.id} links={user.socialLinks} isOwner={isOwnProfile} />
              {location && (
                <p className="flex items-center gap-2 text-sm text-gray-600">
                  <MapPin aria-hidden className="h-4 w-4" /> {location}
                </p>
              )}
              <p className="text-sm text-gray-600">{joinedText(intl, user.createdAt)}</p>
            </CardContent>
          </Card>
        </TabsContent>
      </Tabs>
      {isOwnProfile && <ProfilePhotoDialog isOpen={isPhotoDialogOpen} onOpenChange={setIsPhotoDialogOpen} />}
    </div>
  );
}
