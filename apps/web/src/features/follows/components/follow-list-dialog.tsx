import { displayName } from "@plaza/contracts/users.texts";
import { Users } from "lucide-react";
import { useState } from "react";
import { defineMessages, type MessageDescriptor, useIntl } from "react-intl";
import { useLocation } from "wouter";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { ScrollArea } from "@/components/ui/scroll-area";
import { SkeletonList } from "@/components/ui/skeleton";
import { VerifiedBadge } from "@/components/ui/verified-badge";
import { paths } from "@/lib/paths";
import { type FollowListKind, useFollowList } from "../api/follow-lists";

const TEXTS: Record<FollowListKind, { title: MessageDescriptor; empty: MessageDescriptor }> = {
  followers: {
    title: { id: "follows.list.followers", defaultMessage: "Followers" },
    empty: { id: "follows.list.followersEmpty", defaultMessage: "No followers yet" },
  },
  following: {
    title: { id: "follows.list.following", defaultMessage: "Following" },
    empty: { id: "follows.list.followingEmpty", defaultMessage: "Not following anyone yet" },
  },
};

const messages = defineMessages({
  loading: { id: "follows.list.loading", defaultMessage: "Loading..." },
  showMore: { id: "follows.list.showMore", defaultMessage: "Show more" },
});

/** A count that opens the list of followers or followed people (docs/PRODUCT.md §2). */
export function FollowListDialog({
  userId,
  kind,
  count,
  canView,
}: {
  userId: string;
  kind: FollowListKind;
  count: number;
  canView: boolean;
}) {
  const intl = useIntl();
  const [isOpen, setIsOpen] = useState(false);
  const list = useFollowList(userId, kind, isOpen && canView);
  const [, navigate] = useLocation();
  const texts = TEXTS[kind];
  const people = list.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>
        <button type="button" className="min-w-11 text-center hover:underline" disabled={!canView}>
          <span className="block text-lg font-semibold">{intl.formatNumber(count)}</span>
          <span className="text-sm text-gray-500">{intl.formatMessage(texts.title)}</span>
        </button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{intl.formatMessage(texts.title)}</DialogTitle>
        </DialogHeader>
        <ScrollArea className="max-h-96">
          {list.isLoading ? (
            <SkeletonList label={intl.formatMessage(messages.loading)} count={4} hasAvatar className="p-2" />
          ) : people.length === 0 ? (
            <EmptyState icon={Users} title={intl.formatMessage(texts.empty)} />
          ) : (
            <ul className="divide-y">
              {people.map((person) => (
                <li key={person.id}>
                  <button
                    type="button"
                    className="flex w-full items-center gap-3 p-2 text-start hover:bg-gray-50"
                    onClick={() => {
                      setIsOpen(false);
                      navigate(paths.profile(person.id));
                    }}
                  >
                    <Avatar className="h-9 w-9">
                      {person.profileImageUrl && <AvatarImage src={person.profileImageUrl} alt={displayName(person)} />}
                      <AvatarFallback>{(person.firstName ?? person.username).charAt(0).toUpperCase()}</AvatarFallback>
                    </Avatar>
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-medium">{displayName(person)}</span>
                      <span className="block truncate text-sm text-gray-500">
                        <bdi dir="ltr">@{person.username}</bdi>
                      </span>
                    </span>
                    {person.isVerified && <VerifiedBadge />}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {list.hasNextPage && (
            <Button
              variant="ghost"
              className="mt-2 w-full"
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {intl.formatMessage(list.isFetchingNextPage ? messages.loading : messages.showMore)}
            </Button>
          )}
        </ScrollArea>
      </DialogContent>
    </Dialog>
  );
}
