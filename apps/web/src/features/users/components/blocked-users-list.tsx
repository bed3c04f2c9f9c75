import { BLOCK_TYPE_LABELS } from "@plaza/contracts/blocks.texts";
import { displayName } from "@plaza/contracts/users.texts";
import { defineMessages, FormattedMessage, type MessageTag, useIntl } from "react-intl";
import { Button } from "@/components/ui/button";
import { RelativeTime } from "@/components/ui/relative-time";
import { SkeletonList } from "@/components/ui/skeleton";
import { useText } from "@/i18n/texts";
import { useBlockedUsers, useUnblockUser } from "../api/blocks";

const messages = defineMessages({
  loading: { id: "users.blocked.loading", defaultMessage: "Loading..." },
  empty: { id: "users.blocked.empty", defaultMessage: "You haven't blocked anyone." },
  list: { id: "users.blocked.list", defaultMessage: "Blocked users" },
  unblock: { id: "users.blocked.unblock", defaultMessage: "Unblock" },
  showMore: { id: "users.blocked.showMore", defaultMessage: "Show more" },
});

const phrases = defineMessages<{ since: { username: string; blockType: string; type: string; time: MessageTag } }>({
  since: { id: "users.blocked.since", defaultMessage: "@{username} · {blockType} ({type}) since <time></time>" },
});

/** The people the user blocked, with an unblock action; the label shows the block type (docs/PRODUCT.md §2). */
export function BlockedUsersList({ userId }: { userId: string }) {
  const intl = useIntl();
  const text = useText();
  const blocked = useBlockedUsers(userId);
  const unblock = useUnblockUser();
  if (blocked.isLoading) return <SkeletonList label={intl.formatMessage(messages.loading)} count={2} hasAvatar />;
  const rows = blocked.data?.pages.flatMap((page) => page.data) ?? [];
  if (rows.length === 0) return <p className="text-sm text-gray-500">{intl.formatMessage(messages.empty)}</p>;
  return (
    <ul className="divide-y rounded-md border" aria-label={intl.formatMessage(messages.list)}>
      {rows.map((row) => (
        <li key={row.blockedId} className="flex items-center justify-between gap-3 p-3">
          <div className="min-w-0">
            <p className="truncate font-medium">{displayName(row.blocked)}</p>
            <p className="truncate text-sm text-gray-500">
              <FormattedMessage
                {...phrases.since}
                values={{
                  username: row.blocked.username,
                  blockType: text(BLOCK_TYPE_LABELS[row.blockType]),
                  type: row.blockType,
                  time: () => <RelativeTime value={row.createdAt} />,
                }}
              />
            </p>
          </div>
          <Button
            variant="outline"
            size="sm"
            disabled={unblock.isPending && unblock.variables === row.blockedId}
            onClick={() => unblock.mutate(row.blockedId)}
          >
            {intl.formatMessage(messages.unblock)}
          </Button>
        </li>
      ))}
      {blocked.hasNextPage && (
        <li className="p-2">
          <Button
            variant="ghost"
            className="w-full"
            disabled={blocked.isFetchingNextPage}
            onClick={() => void blocked.fetchNextPage()}
          >
            {intl.formatMessage(blocked.isFetchingNextPage ? messages.loading : messages.showMore)}
          </Button>
        </li>
      )}
    </ul>
  );
}
