import { BLOCK_TYPE_LABELS } from "@plaza/contracts/blocks.texts";
import { displayName } from "@plaza/contracts/users.texts";
import { Button } from "@/components/ui/button";
import { RelativeTime } from "@/components/ui/relative-time";
import { SkeletonList } from "@/components/ui/skeleton";
import { useBlockedUsers, useUnblockUser } from "../api/blocks";

/** The people the user blocked, with an unblock action; the label shows the block type (docs/PRODUCT.md §2). */
export function BlockedUsersList({ userId }: { userId: string }) {
  const blocked = useBlockedUsers(userId);
  const unblock = useUnblockUser();
  if (blocked.isLoading) return <SkeletonList label="Loading..." count={2} hasAvatar />;
  const rows = blocked.data?.pages.flatMap((page) => page.data) ?? [];
  if (rows.length === 0) return <p className="text-sm text-gray-500">You haven't blocked anyone.</p>;
  return (
    <ul className="divide-y rounded-md border" aria-label="Blocked users">
      {rows.map((row) => (
        <li key={row.blockedId} className="flex items-center justify-between gap-3 p-3">
          <div className="min-w-0">
            <p className="truncate font-medium">{displayName(row.blocked)}</p>
            <p className="truncate text-sm text-gray-500">
              @{row.blocked.username} · {BLOCK_TYPE_LABELS[row.blockType]} ({row.blockType}) since{" "}
              <RelativeTime value={row.createdAt} />
            </p>
          </div>
          <Button
            variant="outline"
            size="sm"
            disabled={unblock.isPending && unblock.variables === row.blockedId}
            onClick={() => unblock.mutate(row.blockedId)}
          >
            Unblock
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
            {blocked.isFetchingNextPage ? "Loading..." : "Show more"}
          </Button>
        </li>
      )}
    </ul>
  );
}
