import { adminActionLabel } from "@plaza/contracts/admin.texts";
import { Link } from "wouter";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { LoadMore } from "@/components/ui/load-more";
import { RelativeTime } from "@/components/ui/relative-time";
import { SkeletonList } from "@/components/ui/skeleton";
import { paths } from "@/lib/paths";
import { useAdminLogs } from "../api/get-admin-logs";
import { detailLabel, detailValue } from "./format";
import { UserChip } from "./user-chip";

/**
 * Activity Logs: one sentence per admin action ("Ada Admin Suspended Jess H", each with photo and profile link), its time, and its details as labelled
 * values. Ids stay available on hover for support work but are not what the screen reads.
 */
export function ActivityLogsTab({ isActive }: { isActive: boolean }) {
  const logs = useAdminLogs(isActive);
  const rows = logs.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Activity Logs</CardTitle>
        <CardDescription>Every admin action, newest first.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {logs.isLoading && <SkeletonList label="Loading activity logs..." itemClassName="h-20" />}
        {logs.isError && <p className="text-sm text-red-600">Failed to load activity logs.</p>}
        {logs.isSuccess && rows.length === 0 && <p className="py-6 text-center text-gray-500">No admin activity yet</p>}
        {rows.map((log) => (
          <article key={log.id} className="rounded-lg border p-3 text-sm" data-testid="admin-log-row">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <p className="min-w-0 break-words">
                {log.admin ? <UserChip user={log.admin} /> : <span className="font-semibold">A former admin</span>}{" "}
                {adminActionLabel(log.action)}{" "}
                {log.targetUser ? (
                  <UserChip user={log.targetUser} />
                ) : log.targetType === "post" && log.targetLabel ? (
                  <Link href={paths.post(log.targetId)} className="font-semibold hover:underline">
                    {log.targetLabel}
                  </Link>
                ) : (
                  <span className="font-semibold" title={`${log.targetType} ${log.targetId}`}>
                    {log.targetLabel ?? `a ${log.targetType} that no longer exists`}
                  </span>
                )}
              </p>
              <RelativeTime value={log.createdAt} className="text-xs text-gray-500" />
            </div>
            {Object.keys(log.details).length > 0 && (
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded bg-gray-50 p-2 text-xs">
                {Object.entries(log.details).map(([key, value]) => (
                  <div key={key} className="contents">
                    <dt className="text-gray-500">{detailLabel(key)}</dt>
                    <dd className="min-w-0 break-words text-gray-800">{detailValue(value)}</dd>
                  </div>
                ))}
              </dl>
            )}
          </article>
        ))}
        <LoadMore
          hasNextPage={logs.hasNextPage}
          isFetchingNextPage={logs.isFetchingNextPage}
          onLoadMore={() => logs.fetchNextPage()}
        />
      </CardContent>
    </Card>
  );
}
