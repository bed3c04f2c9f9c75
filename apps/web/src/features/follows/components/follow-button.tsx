import type { FollowStatusView } from "@plaza/contracts/follows";
import { Clock, UserCheck, UserPlus } from "lucide-react";
import { defineMessages, useIntl } from "react-intl";
import { Button } from "@/components/ui/button";
import { useFollowStatus } from "../api/follow-status";
import { useToggleFollow } from "../api/toggle-follow";

const messages = defineMessages({
  loading: { id: "follows.button.loading", defaultMessage: "Loading..." },
  requested: { id: "follows.button.requested", defaultMessage: "Requested" },
  following: { id: "follows.button.following", defaultMessage: "Following" },
  follow: { id: "follows.button.follow", defaultMessage: "Follow" },
});

/**
 * Follow/Following toggle of another person's profile; 'Loading...' while a call is pending (docs/PRODUCT.md §2).
 * For a private account the follow is a request ('Requested') until the owner approves; clicking withdraws it.
 */
export function FollowButton({
  userId,
  isSignedIn,
  knownStatus,
}: {
  userId: string;
  isSignedIn: boolean;
  /** The status when the list showing the button already knows it (no request per person). */
  knownStatus?: FollowStatusView;
}) {
  const intl = useIntl();
  const status = useFollowStatus(userId, isSignedIn, knownStatus);
  const toggle = useToggleFollow(userId);
  const isFollowing = status.data?.isFollowing ?? false;
  const isRequested = status.data?.isRequested ?? false;
  const isBusy = toggle.isPending || (isSignedIn && status.isLoading);
  return (
    <Button
      variant={isFollowing || isRequested ? "outline" : "default"}
      disabled={isBusy}
      onClick={() => toggle.mutate(!(isFollowing || isRequested))}
      aria-pressed={isFollowing || isRequested}
    >
      {isBusy ? (
        intl.formatMessage(messages.loading)
      ) : isRequested ? (
        <>
          <Clock aria-hidden className="me-2 h-4 w-4" />
          {intl.formatMessage(messages.requested)}
        </>
      ) : isFollowing ? (
        <>
          <UserCheck aria-hidden className="me-2 h-4 w-4" />
          {intl.formatMessage(messages.following)}
        </>
      ) : (
        <>
          <UserPlus aria-hidden className="me-2 h-4 w-4" />
          {intl.formatMessage(messages.follow)}
        </>
      )}
    </Button>
  );
}
