import { displayName } from "@plaza/contracts/users.texts";
import { defineMessages, useIntl } from "react-intl";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { SkeletonList } from "@/components/ui/skeleton";
import { paths } from "@/lib/paths";
import { useAnswerFollowRequest, useFollowRequests } from "../api/follow-requests";

const messages = defineMessages({
  loading: { id: "follows.requests.loading", defaultMessage: "Loading..." },
  empty: { id: "follows.requests.empty", defaultMessage: "No pending follow requests" },
  list: { id: "follows.requests.list", defaultMessage: "Follow requests" },
  approve: { id: "follows.requests.approve", defaultMessage: "Approve" },
  decline: { id: "follows.requests.decline", defaultMessage: "Decline" },
  showMore: { id: "follows.requests.showMore", defaultMessage: "Show more" },
});

/** Pending follow requests to a private account, each with Approve and Decline. */
export function FollowRequestsList() {
  const intl = useIntl();
  const requests = useFollowRequests();
  const answer = useAnswerFollowRequest();
  if (requests.isLoading) return <SkeletonList label={intl.formatMessage(messages.loading)} count={2} hasAvatar />;
  const people = requests.data?.pages.flatMap((page) => page.data) ?? [];
  if (people.length === 0) return <p className="text-sm text-gray-500">{intl.formatMessage(messages.empty)}</p>;
  return (
    <ul className="divide-y rounded-md border" aria-label={intl.formatMessage(messages.list)}>
      {people.map((person) => {
        const isBusy = answer.isPending && answer.variables?.userId === person.id;
        return (
          <li key={person.id} className="flex items-center justify-between gap-3 p-3">
            <Link href={paths.profile(person.id)} className="min-w-0 hover:underline">
              <span className="block truncate font-medium">{displayName(person)}</span>
              <span className="block truncate text-sm text-gray-500">
                <bdi dir="ltr">@{person.username}</bdi>
              </span>
            </Link>
            <div className="flex gap-2">
              <Button
                size="sm"
                disabled={isBusy}
                onClick={() => answer.mutate({ userId: person.id, isApproved: true })}
              >
                {intl.formatMessage(messages.approve)}
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={isBusy}
                onClick={() => answer.mutate({ userId: person.id, isApproved: false })}
              >
                {intl.formatMessage(messages.decline)}
              </Button>
            </div>
          </li>
        );
      })}
      {requests.hasNextPage && (
        <li className="p-2">
          <Button variant="ghost" className="w-full" onClick={() => void requests.fetchNextPage()}>
            {intl.formatMessage(messages.showMore)}
          </Button>
        </li>
      )}
    </ul>
  );
}
