import { MODERATION_TEXTS, QUEUE_STATUSES, type QueueStatus } from "@plaza/contracts/moderation.texts";
import type { ReportView } from "@plaza/contracts/reports";
import { displayName } from "@plaza/contracts/users.texts";
import { useState } from "react";
import { defineMessages, useIntl } from "react-intl";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { LoadMore } from "@/components/ui/load-more";
import { RelativeTime } from "@/components/ui/relative-time";
import { SkeletonList } from "@/components/ui/skeleton";
import { useText } from "@/i18n/texts";
import { failureMessage } from "@/lib/api-client";
import { useAssignReport } from "../api/assign-report";
import { useQueue } from "../api/get-queue";
import { ActionDialog, type ActionSubject } from "./action-dialog";
import { AccountHistory, ReportHistory } from "./report-history";

const TARGET_LABELS = defineMessages({
  post: { id: "moderation.queue.targetPost", defaultMessage: "Post" },
  review: { id: "moderation.queue.targetReview", defaultMessage: "Review" },
  message: { id: "moderation.queue.targetMessage", defaultMessage: "Message" },
  user: { id: "moderation.queue.targetUser", defaultMessage: "Account" },
} satisfies Record<ReportView["targetType"], unknown>);

const messages = defineMessages({
  gone: { id: "moderation.queue.gone", defaultMessage: "The content no longer exists" },
  reason: { id: "moderation.queue.reason", defaultMessage: "Reason:" },
  assignFailed: { id: "moderation.queue.assignFailed", defaultMessage: "Could not assign the report." },
  description: {
    id: "moderation.queue.description",
    defaultMessage: "Reports waiting for a moderator, being handled, or done.",
  },
  loading: { id: "moderation.queue.loading", defaultMessage: "Loading the queue..." },
  failed: { id: "moderation.queue.failed", defaultMessage: "Failed to load the queue." },
  accountHistory: { id: "moderation.queue.accountHistory", defaultMessage: "Account history" },
});

const phrases = defineMessages<{ reportedBy: { name: string } }>({
  reportedBy: { id: "moderation.queue.reportedBy", defaultMessage: "· reported by {name}" },
});

function subjectOf(report: ReportView): ActionSubject | null {
  if (!report.targetOwner) return null;
  return {
    userId: report.targetOwner.id,
    userName: displayName(report.targetOwner),
    postId: report.targetType === "post" ? report.targetId : null,
    reportId: report.id,
  };
}

function QueueItem({
  report,
  viewerId,
  onAct,
}: {
  report: ReportView;
  viewerId: string;
  onAct: (subject: ActionSubject) => void;
}) {
  const intl = useIntl();
  const text = useText();
  const assign = useAssignReport();
  const [isHistoryOpen, setHistoryOpen] = useState(false);
  const [isAccountHistoryOpen, setAccountHistoryOpen] = useState(false);
  const subject = subjectOf(report);
  const isOpen = report.status === "open";
  return (
    <article className="space-y-2 rounded-lg border p-3 text-sm" data-testid="queue-item">
      <div className="flex flex-wrap items-center gap-2">
        <span className="rounded bg-gray-100 px-2 py-0.5 text-xs font-medium">
          {intl.formatMessage(TARGET_LABELS[report.targetType])}
        </span>
        {report.targetOwner && <span className="font-medium">{displayName(report.targetOwner)}</span>}
        <RelativeTime value={report.createdAt} className="ms-auto text-xs text-gray-500" />
      </div>
      <p className="wrap-anywhere rounded bg-gray-50 p-2 text-gray-800">
        {report.targetPreview ?? <em className="text-gray-500">{intl.formatMessage(messages.gone)}</em>}
      </p>
      <p>
        <span className="font-medium">{intl.formatMessage(messages.reason)}</span> {report.reason}
        {report.reporter && (
          <span className="text-gray-600">
            {" "}
            {intl.formatMessage(phrases.reportedBy, { name: displayName(report.reporter) })}
          </span>
        )}
      </p>
      <p className="text-gray-600">
        {text(
          report.assignee ? MODERATION_TEXTS.assignedTo(displayName(report.assignee)) : MODERATION_TEXTS.unassigned,
        )}
        {report.resolution && ` · ${report.resolution}`}
      </p>
      {assign.error && (
        <p className="text-red-700">{failureMessage(assign.error, intl.formatMessage(messages.assignFailed))}</p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          size="sm"
          variant="outline"
          className="min-h-11"
          aria-expanded={isHistoryOpen}
          onClick={() => setHistoryOpen((open) => !open)}
        >
          {text(MODERATION_TEXTS.history)}
        </Button>
        {report.targetOwner && (
          <Button
            size="sm"
            variant="outline"
            className="min-h-11"
            aria-expanded={isAccountHistoryOpen}
            onClick={() => setAccountHistoryOpen((open) => !open)}
          >
            {intl.formatMessage(messages.accountHistory)}
          </Button>
        )}
        {isOpen && report.assignee?.id !== viewerId && (
          <Button
            size="sm"
            variant="outline"
            className="min-h-11"
            disabled={assign.isPending}
            onClick={() => assign.mutate({ reportId: report.id })}
          >
            {text(MODERATION_TEXTS.assignToMe)}
          </Button>
        )}
        {isOpen && subject && (
          <Button size="sm" className="min-h-11" onClick={() => onAct(subject)}>
            {text(MODERATION_TEXTS.act)}
          </Button>
        )}
      </div>
      {isHistoryOpen && <ReportHistory reportId={report.id} />}
      {isAccountHistoryOpen && report.targetOwner && <AccountHistory userId={report.targetOwner.id} />}
    </article>
  );
}

/** The moderation queue: open, assigned and resolved reports; assign, note, act, and each report's history. */
export function QueueTab({ isActive, viewerId }: { isActive: boolean; viewerId: string }) {
  const intl = useIntl();
  const text = useText();
  const [status, setStatus] = useState<QueueStatus>("open");
  const queue = useQueue(status, isActive);
  const [acting, setActing] = useState<ActionSubject | null>(null);
  const rows = queue.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{text(MODERATION_TEXTS.queueTab)}</CardTitle>
        <CardDescription>{intl.formatMessage(messages.description)}</CardDescription>
        <div className="flex flex-wrap gap-1 pt-2">
          {QUEUE_STATUSES.map((option) => (
            <Button
              key={option}
              size="sm"
              className="min-h-11"
              aria-pressed={option === status}
              variant={option === status ? "default" : "outline"}
              onClick={() => setStatus(option)}
            >
              {text(MODERATION_TEXTS.statusLabels[option])}
            </Button>
          ))}
        </div>
      </CardHeader>
      <CardContent className="space-y-3">
        {queue.isLoading && (
          <SkeletonList label={intl.formatMessage(messages.loading)} count={2} itemClassName="h-24" />
        )}
        {queue.isError && <p className="text-sm text-red-600">{intl.formatMessage(messages.failed)}</p>}
        {queue.isSuccess && rows.length === 0 && (
          <p className="py-6 text-center text-gray-500">{text(MODERATION_TEXTS.emptyQueue)}</p>
        )}
        {rows.map((report) => (
          <QueueItem key={report.id} report={report} viewerId={viewerId} onAct={setActing} />
        ))}
        <LoadMore
          hasNextPage={queue.hasNextPage}
          isFetchingNextPage={queue.isFetchingNextPage}
          onLoadMore={() => queue.fetchNextPage()}
        />
      </CardContent>
      <ActionDialog subject={acting} onClose={() => setActing(null)} />
    </Card>
  );
}
