import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { RelativeTime } from "@/components/ui/relative-time";
import { SkeletonList } from "@/components/ui/skeleton";
import { useAdminLogs } from "../api/get-admin-logs";
import { LoadMore } from "./load-more";

/** Activity Logs: action, target type and id, admin id, time, details as formatted JSON. */
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
              <span className="font-mono font-semibold">{log.action}</span>
              <RelativeTime value={log.createdAt} className="text-xs text-gray-500" />
            </div>
            <p className="text-gray-600">
              Target: {log.targetType} <span className="font-mono text-xs">{log.targetId}</span>
            </p>
            <p className="text-gray-600">
              Admin: <span className="font-mono text-xs">{log.adminUserId ?? "unknown"}</span>
            </p>
            <pre className="mt-2 overflow-x-auto rounded bg-gray-50 p-2 text-xs">
              {JSON.stringify(log.details, null, 2)}
            </pre>
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
