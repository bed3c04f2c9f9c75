import { adminActionLabel } from "@plaza/contracts/admin.texts";
import { defineMessage, defineMessages, useIntl } from "react-intl";
import { Link } from "wouter";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { LoadMore } from "@/components/ui/load-more";
import { RelativeTime } from "@/components/ui/relative-time";
import { SkeletonList } from "@/components/ui/skeleton";
import { useText } from "@/i18n/texts";
import { paths } from "@/lib/paths";
import { useAdminLogs } from "../api/get-admin-logs";
import { detailLabel, detailValue } from "./format";
import { UserChip } from "./user-chip";

const messages = defineMessages({
  title: { id: "admin.logs.title", defaultMessage: "Activity Logs" },
  description: { id: "admin.logs.description", defaultMessage: "Every admin action, newest first." },
  loading: { id: "admin.logs.loading", defaultMessage: "Loading activity logs..." },
  loadFailed: { id: "admin.logs.loadFailed", defaultMessage: "Failed to load activity logs." },
  empty: { id: "admin.logs.empty", defaultMessage: "No admin activity yet" },
  formerAdmin: { id: "admin.logs.formerAdmin", defaultMessage: "A former admin" },
  goneTarget: defineMessage<{ type: string }>({
    id: "admin.logs.goneTarget",
    defaultMessage: "a {type} that no longer exists",
  }),
});

/** How the log reads each admin action (the web's own words for contracts' ADMIN_ACTION_LABELS, same English). */
const ACTION_LABELS = defineMessages({
  suspend_user: { id: "admin.logs.action.suspendUser", defaultMessage: "Suspended" },
  unsuspend_user: { id: "admin.logs.action.unsuspendUser", defaultMessage: "Lifted the suspension of" },
  verify_user: { id: "admin.logs.action.verifyUser", defaultMessage: "Verified" },
  approve_user: { id: "admin.logs.action.approveUser", defaultMessage: "Approved the sign-up of" },
  reject_user: { id: "admin.logs.action.rejectUser", defaultMessage: "Rejected the sign-up of" },
  unverify_user: { id: "admin.logs.action.unverifyUser", defaultMessage: "Removed the verified badge of" },
  delete_user: { id: "admin.logs.action.deleteUser", defaultMessage: "Deleted" },
  delete_post: { id: "admin.logs.action.deletePost", defaultMessage: "Removed the post" },
  publish_agreement: { id: "admin.logs.action.publishAgreement", defaultMessage: "Published the user agreement" },
  publish_privacy_policy: {
    id: "admin.logs.action.publishPrivacyPolicy",
    defaultMessage: "Published the privacy policy",
  },
  resolve_report: { id: "admin.logs.action.resolveReport", defaultMessage: "Resolved a report on" },
  "demo_town.seeded": { id: "admin.logs.action.demoTownSeeded", defaultMessage: "Seeded the demo town" },
  retry_job: { id: "admin.logs.action.retryJob", defaultMessage: "Retry job" },
});

/**
 * Activity Logs: one sentence per admin action ("Ada Admin Suspended Jess H", each with photo and profile link), its time, and its details as labelled
 * values. Ids stay available on hover for support work but are not what the screen reads.
 */
export function ActivityLogsTab({ isActive }: { isActive: boolean }) {
  const intl = useIntl();
  const text = useText();
  const logs = useAdminLogs(isActive);
  const actionLabel = (action: string) =>
    Object.hasOwn(ACTION_LABELS, action)
      ? intl.formatMessage(ACTION_LABELS[action as keyof typeof ACTION_LABELS])
      : text(adminActionLabel(action));
  const rows = logs.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{intl.formatMessage(messages.title)}</CardTitle>
        <CardDescription>{intl.formatMessage(messages.description)}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {logs.isLoading && <SkeletonList label={intl.formatMessage(messages.loading)} itemClassName="h-20" />}
        {logs.isError && <p className="text-sm text-red-600">{intl.formatMessage(messages.loadFailed)}</p>}
        {logs.isSuccess && rows.length === 0 && (
          <p className="py-6 text-center text-gray-500">{intl.formatMessage(messages.empty)}</p>
        )}
        {rows.map((log) => (
          <article key={log.id} className="rounded-lg border p-3 text-sm" data-testid="admin-log-row">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <p className="min-w-0 break-words">
                {log.admin ? (
                  <UserChip user={log.admin} />
                ) : (
                  <span className="font-semibold">{intl.formatMessage(messages.formerAdmin)}</span>
                )}{" "}
                {actionLabel(log.action)}{" "}
                {log.targetUser ? (
                  <UserChip user={log.targetUser} />
                ) : log.targetType === "post" && log.targetLabel ? (
                  <Link href={paths.post(log.targetId)} className="font-semibold hover:underline">
                    {log.targetLabel}
                  </Link>
                ) : (
                  <span className="font-semibold" title={`${log.targetType} ${log.targetId}`}>
                    {log.targetLabel ?? intl.formatMessage(messages.goneTarget, { type: log.targetType })}
                  </span>
                )}
              </p>
              <RelativeTime value={log.createdAt} className="text-xs text-gray-500" />
            </div>
            {Object.keys(log.details).length > 0 && (
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded bg-gray-50 p-2 text-xs">
                {Object.entries(log.details).map(([key, value]) => (
                  <div key={key} className="contents">
                    <dt className="text-gray-500">{detailLabel(intl, key)}</dt>
                    <dd className="min-w-0 break-words text-gray-800">{detailValue(intl, value)}</dd>
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
