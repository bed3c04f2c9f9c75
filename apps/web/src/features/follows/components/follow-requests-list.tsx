import { FOLLOW_REQUEST_TEXTS } from "@plaza/contracts/follows.texts";
import { displayName } from "@plaza/contracts/users.texts";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { SkeletonList } from "@/components/ui/skeleton";
import { paths } from "@/lib/paths";
import { useAnswerFollowRequest, useFollowRequests } from "../api/follow-requests";

/** Pending follow requests to a private account, each with Approve and Decline. */
export function FollowRequestsList() {
  const requests = useFollowRequests();
  const answer = useAnswerFollowRequest();
  if (requests.isLoading) return <SkeletonList label="Loading..." count={2} hasAvatar />;
  const people = requests.data?.pages.flatMap((page) => page.data) ?? [];
  if (people.length === 0) return <p className="text-sm text-gray-500">{FOLLOW_REQUEST_TEXTS.empty}</p>;
  return (
    <ul className="divide-y rounded-md border" aria-label="Follow requests">
      {people.map((person) => {
        const isBusy = answer.isPending && answer.variables?.userId === person.id;
        return (
          <li key={person.id} className="flex items-center justify-between gap-3 p-3">
            <Link href={paths.profile(person.id)} className="min-w-0 hover:underline">
              <span className="block truncate font-medium">{displayName(person)}</span>
              <span className="block truncate text-sm text-gray-500">@{person.username}</span>
            </Link>
            <div className="flex gap-2">
              <Button
                size="sm"
                disabled={isBusy}
                onClick={() => answer.mutate({ userId: person.id, isApproved: true })}
              >
                Approve
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={isBusy}
                onClick={() => answer.mutate({ userId: person.id, isApproved: false })}
              >
                Decline
              </Button>
            </div>
          </li>
        );
      })}
      {requests.hasNextPage && (
        <li className="p-2">
          <Button variant="ghost" className="w-full" onClick={() => void requests.fetchNextPage()}>
            Show more
          </Button>
        </li>
      )}
    </ul>
  );
}
