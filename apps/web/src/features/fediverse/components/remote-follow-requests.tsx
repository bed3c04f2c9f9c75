import { defineMessages, useIntl } from "react-intl";
import { Button } from "@/components/ui/button";
import { toastFailure } from "@/components/ui/use-toast";
import {
  useAnswerRemoteFollowRequest,
  useFederationSettings,
  useRemoteFollowRequests,
} from "../api/federation-settings";

const messages = defineMessages({
  title: { id: "fediverse.requests.title", defaultMessage: "From other servers" },
  list: { id: "fediverse.requests.list", defaultMessage: "Follow requests from other servers" },
  approve: { id: "fediverse.requests.approve", defaultMessage: "Approve" },
  decline: { id: "fediverse.requests.decline", defaultMessage: "Decline" },
  failed: { id: "fediverse.requests.failed", defaultMessage: "Could not answer the request." },
});

/**
 * Follow requests from Mastodon, Misskey, Pixelfed… to a private account, each approved (they then receive its posts)
 * or declined; nothing where the town does not federate or nobody is waiting.
 */
export function RemoteFollowRequests() {
  const intl = useIntl();
  const settings = useFederationSettings();
  const requests = useRemoteFollowRequests(settings.data?.isAvailable === true);
  const answer = useAnswerRemoteFollowRequest();
  if (!requests.data?.length) return null;
  const respond = (remoteAccountId: string, isApproved: boolean) =>
    answer.mutate(
      { remoteAccountId, isApproved },
      { onError: (error) => toastFailure(error, intl.formatMessage(messages.failed)) },
    );
  return (
    <section className="space-y-2">
      <h3 className="text-sm font-semibold">{intl.formatMessage(messages.title)}</h3>
      <ul className="divide-y rounded-md border" aria-label={intl.formatMessage(messages.list)}>
        {requests.data.map((request) => {
          const isBusy = answer.isPending && answer.variables?.remoteAccountId === request.id;
          return (
            <li key={request.id} className="flex items-center justify-between gap-3 p-3" data-testid="remote-request">
              <a
                // Another server's address: a web link only (never a script: URL from a remote document).
                href={/^https?:\/\//i.test(request.actorUri) ? request.actorUri : undefined}
                rel="noopener noreferrer nofollow"
                className="min-w-0 hover:underline"
              >
                <span className="block truncate font-medium" dir="auto">
                  {request.name || request.handle || request.actorUri}
                </span>
                {request.handle && (
                  <span className="block truncate text-sm text-gray-500">
                    <bdi dir="ltr">@{request.handle}</bdi>
                  </span>
                )}
              </a>
              <div className="flex gap-2">
                <Button size="sm" disabled={isBusy} onClick={() => respond(request.id, true)}>
                  {intl.formatMessage(messages.approve)}
                </Button>
                <Button size="sm" variant="outline" disabled={isBusy} onClick={() => respond(request.id, false)}>
                  {intl.formatMessage(messages.decline)}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
