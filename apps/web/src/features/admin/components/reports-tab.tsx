import {
  type ReportAction,
  type ReportView,
  type ResolveReportBody,
  resolveReportBody,
} from "@plaza/contracts/reports";
import { REPORT_ACTIONS } from "@plaza/contracts/reports.texts";
import { displayName } from "@plaza/contracts/users.texts";
import { useState } from "react";
import { useWatch } from "react-hook-form";
import {
  defineMessage,
  defineMessages,
  FormattedMessage,
  type IntlShape,
  type MessageTag,
  type MessageValue,
  useIntl,
} from "react-intl";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { applyServerError, Form, FormField, FormMessage, FormSubmit, useZodForm } from "@/components/ui/form";
import { LoadMore } from "@/components/ui/load-more";
import { RelativeTime } from "@/components/ui/relative-time";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { SkeletonList } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { UploadedPicture } from "@/components/ui/uploaded-picture";
import { toast } from "@/components/ui/use-toast";
import { paths } from "@/lib/paths";
import { useReports } from "../api/get-reports";
import { useResolveReport } from "../api/resolve-report";
import { UserChip } from "./user-chip";

const messages = defineMessages({
  title: { id: "admin.reports.title", defaultMessage: "Reports" },
  description: {
    id: "admin.reports.description",
    defaultMessage: "Posts, reviews, messages and people reported by users.",
  },
  loading: { id: "admin.reports.loading", defaultMessage: "Loading reports..." },
  loadFailed: { id: "admin.reports.loadFailed", defaultMessage: "Failed to load reports." },
  empty: defineMessage<{ status: string }>({
    id: "admin.reports.empty",
    defaultMessage:
      "{status, select, open {No open reports} actioned {No actioned reports} other {No dismissed reports}}",
  }),
  deletedAccount: { id: "admin.reports.deletedAccount", defaultMessage: "a deleted account" },
  imageAlt: defineMessage<{ name: string }>({
    id: "admin.reports.imageAlt",
    defaultMessage: "The reported picture by {name}",
  }),
  contentGone: { id: "admin.reports.contentGone", defaultMessage: "The content no longer exists" },
  reason: defineMessage<{ reason: string; b: MessageTag }>({
    id: "admin.reports.reason",
    defaultMessage: "<b>Reason:</b> {reason}",
  }),
  reportedBy: defineMessage<{ reporter: MessageValue }>({
    id: "admin.reports.reportedBy",
    defaultMessage: "Reported by {reporter}",
  }),
  resolution: defineMessage<{ resolution: string; b: MessageTag }>({
    id: "admin.reports.resolution",
    defaultMessage: "<b>Resolution:</b> {resolution}",
  }),
  review: { id: "admin.reports.review", defaultMessage: "Review" },
  resolveTitle: { id: "admin.reports.resolve.title", defaultMessage: "Resolve report" },
  resolveDescription: {
    id: "admin.reports.resolve.description",
    defaultMessage: "The reporter is told the outcome; the reason is kept in the activity log.",
  },
  action: { id: "admin.reports.resolve.action", defaultMessage: "Action" },
  reasonLabel: { id: "admin.reports.resolve.reason", defaultMessage: "Reason" },
  cancel: { id: "admin.reports.resolve.cancel", defaultMessage: "Cancel" },
  saving: { id: "admin.reports.resolve.saving", defaultMessage: "Saving..." },
  resolve: { id: "admin.reports.resolve.submit", defaultMessage: "Resolve" },
  resolved: { id: "admin.reports.resolve.resolved", defaultMessage: "Report resolved" },
  resolveFailed: { id: "admin.reports.resolve.failed", defaultMessage: "Failed to resolve report." },
  confirmSuspendTitle: { id: "admin.reports.resolve.confirmSuspendTitle", defaultMessage: "Suspend this account?" },
  confirmDeleteTitle: { id: "admin.reports.resolve.confirmDeleteTitle", defaultMessage: "Delete this content?" },
  theAuthor: { id: "admin.reports.resolve.theAuthor", defaultMessage: "the author" },
  confirmSuspend: defineMessage<{ owner: string }>({
    id: "admin.reports.resolve.confirmSuspend",
    defaultMessage: "{owner} will be suspended and signed out everywhere until an admin lifts the suspension.",
  }),
  confirmDelete: defineMessage<{ type: string; owner: string }>({
    id: "admin.reports.resolve.confirmDelete",
    defaultMessage:
      "{type, select, post {This post} review {This review} message {This message} user {This user} other {This {type}}} by {owner} will be removed for everyone. This cannot be undone.",
  }),
});

const STATUS_LABELS = defineMessages({
  open: { id: "admin.reports.status.open", defaultMessage: "Open" },
  actioned: { id: "admin.reports.status.actioned", defaultMessage: "Actioned" },
  dismissed: { id: "admin.reports.status.dismissed", defaultMessage: "Dismissed" },
});
const STATUSES: ReportView["status"][] = ["open", "actioned", "dismissed"];

const TARGET_LABELS = defineMessages({
  post: { id: "admin.reports.target.post", defaultMessage: "Post" },
  review: { id: "admin.reports.target.review", defaultMessage: "Review" },
  message: { id: "admin.reports.target.message", defaultMessage: "Message" },
  user: { id: "admin.reports.target.user", defaultMessage: "Account" },
});

/** The web's own words for contracts' REPORT_ACTION_LABELS (same English). */
const ACTION_LABELS = defineMessages({
  dismiss: { id: "admin.reports.actionLabel.dismiss", defaultMessage: "Dismiss" },
  delete_content: { id: "admin.reports.actionLabel.deleteContent", defaultMessage: "Delete content" },
  suspend_user: { id: "admin.reports.actionLabel.suspendUser", defaultMessage: "Suspend user" },
});

const ownerName = (intl: IntlShape, report: ReportView) =>
  report.targetOwner ? displayName(report.targetOwner) : intl.formatMessage(messages.deletedAccount);

/** Where the reported thing can be seen: a post's page or the reported person's profile; messages stay private. */
function targetHref(report: ReportView): string | null {
  if (report.targetType === "post") return paths.post(report.targetId);
  if (report.targetType === "user") return paths.profile(report.targetId);
  return null;
}

/** Actions that make sense for a target: a reported user has no content to delete. */
function actionsFor(report: ReportView): ReportAction[] {
  return REPORT_ACTIONS.filter((action) => !(report.targetType === "user" && action === "delete_content"));
}

const EMPTY_RESOLUTION: ResolveReportBody = { action: "dismiss", reason: "" };

function ResolveReportDialog({ report, onClose }: { report: ReportView | null; onClose: () => void }) {
  const intl = useIntl();
  const form = useZodForm(resolveReportBody, { defaultValues: EMPTY_RESOLUTION });
  const action = useWatch({ control: form.control, name: "action" });
  const resolve = useResolveReport();
  /** A destructive resolution waiting for its confirmation. */
  const [confirming, setConfirming] = useState<ResolveReportBody | null>(null);

  const close = () => {
    form.reset(EMPTY_RESOLUTION);
    setConfirming(null);
    onClose();
  };

  /** Dismissing changes nothing; deleting content or suspending someone is asked about once more. */
  const submit = (body: ResolveReportBody) => {
    if (!report) return;
    if (body.action === "dismiss") send(body);
    else setConfirming(body);
  };

  const send = (body: ResolveReportBody) => {
    setConfirming(null);
    if (!report) return;
    resolve.mutate(
      { reportId: report.id, body },
      {
        onSuccess: () => {
          toast({ title: intl.formatMessage(messages.resolved) });
          close();
        },
        onError: (failure) => applyServerError(form, failure, intl.formatMessage(messages.resolveFailed)),
      },
    );
  };

  return (
    <Dialog open={report !== null} onOpenChange={(isOpen) => !isOpen && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{intl.formatMessage(messages.resolveTitle)}</DialogTitle>
          <DialogDescription>{intl.formatMessage(messages.resolveDescription)}</DialogDescription>
        </DialogHeader>
        <Form form={form} onSubmit={submit} pending={resolve.isPending} className="space-y-4">
          {report && (
            <div className="space-y-3">
              <FormField
                name="action"
                id="report-action"
                label={intl.formatMessage(messages.action)}
                className="space-y-1"
              >
                {({ value, onChange, id }) => (
                  <Select value={value} onValueChange={onChange}>
                    <SelectTrigger id={id} aria-label={intl.formatMessage(messages.action)}>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {actionsFor(report).map((option) => (
                        <SelectItem key={option} value={option}>
                          {intl.formatMessage(ACTION_LABELS[option])}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              </FormField>
              <FormField
                name="reason"
                id="report-resolution"
                label={intl.formatMessage(messages.reasonLabel)}
                className="space-y-1"
              >
                {(field) => <Textarea maxLength={500} {...field} />}
              </FormField>
              <FormMessage />
            </div>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close}>
              {intl.formatMessage(messages.cancel)}
            </Button>
            <FormSubmit pendingLabel={intl.formatMessage(messages.saving)}>
              {intl.formatMessage(messages.resolve)}
            </FormSubmit>
          </DialogFooter>
        </Form>
      </DialogContent>
      {report && (
        <ConfirmDialog
          isOpen={confirming !== null}
          title={intl.formatMessage(
            action === "suspend_user" ? messages.confirmSuspendTitle : messages.confirmDeleteTitle,
          )}
          description={confirmText(intl, report, action)}
          confirmLabel={intl.formatMessage(ACTION_LABELS[action])}
          onConfirm={() => confirming && send(confirming)}
          onCancel={() => setConfirming(null)}
        />
      )}
    </Dialog>
  );
}

/** What a destructive resolution will do, in words, naming the person it affects. */
function confirmText(intl: IntlShape, report: ReportView, action: ReportAction): string {
  const owner = report.targetOwner ? displayName(report.targetOwner) : intl.formatMessage(messages.theAuthor);
  if (action === "suspend_user") return intl.formatMessage(messages.confirmSuspend, { owner });
  return intl.formatMessage(messages.confirmDelete, { type: report.targetType, owner });
}

/** Reports: open reports with target, reason and reporter; act or dismiss with a reason. */
export function ReportsTab({ isActive }: { isActive: boolean }) {
  const intl = useIntl();
  const [status, setStatus] = useState<ReportView["status"]>("open");
  const reports = useReports(status, isActive);
  const [resolving, setResolving] = useState<ReportView | null>(null);
  const rows = reports.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{intl.formatMessage(messages.title)}</CardTitle>
        <CardDescription>{intl.formatMessage(messages.description)}</CardDescription>
        <div className="flex gap-1 pt-2">
          {STATUSES.map((option) => (
            <Button
              key={option}
              size="sm"
              variant={option === status ? "default" : "outline"}
              onClick={() => setStatus(option)}
            >
              {intl.formatMessage(STATUS_LABELS[option])}
            </Button>
          ))}
        </div>
      </CardHeader>
      <CardContent className="space-y-3">
        {reports.isLoading && (
          <SkeletonList label={intl.formatMessage(messages.loading)} count={2} itemClassName="h-24" />
        )}
        {reports.isError && <p className="text-sm text-red-600">{intl.formatMessage(messages.loadFailed)}</p>}
        {reports.isSuccess && rows.length === 0 && (
          <p className="py-6 text-center text-gray-500">{intl.formatMessage(messages.empty, { status })}</p>
        )}
        {rows.map((report) => (
          <article key={report.id} className="rounded-lg border p-3 text-sm" data-testid="admin-report-row">
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant="secondary">{intl.formatMessage(TARGET_LABELS[report.targetType])}</Badge>
              {report.targetOwner && <UserChip user={report.targetOwner} />}
              <RelativeTime value={report.createdAt} className="ms-auto text-xs text-gray-500" />
            </div>
            <div className="mt-2 rounded bg-gray-50 p-2 text-gray-800">
              {report.targetImageUrl && (
                <a href={report.targetImageUrl} target="_blank" rel="noreferrer" className="mb-2 block w-fit">
                  <UploadedPicture
                    src={report.targetImageUrl}
                    alt={
                      report.targetImageAlt || intl.formatMessage(messages.imageAlt, { name: ownerName(intl, report) })
                    }
                    loading="lazy"
                    decoding="async"
                    width={320}
                    height={180}
                    className="aspect-video w-full max-w-80 rounded-md bg-gray-100 object-cover"
                    data-testid="admin-report-image"
                  />
                </a>
              )}
              {report.targetPreview ? (
                targetHref(report) ? (
                  <Link href={targetHref(report) ?? ""} className="wrap-anywhere hover:underline">
                    {report.targetPreview}
                  </Link>
                ) : (
                  <span className="wrap-anywhere">{report.targetPreview}</span>
                )
              ) : (
                <em className="text-gray-500">{intl.formatMessage(messages.contentGone)}</em>
              )}
            </div>
            <p className="mt-1">
              <FormattedMessage
                {...messages.reason}
                values={{ reason: report.reason, b: (chunks) => <span className="font-medium">{chunks}</span> }}
              />
            </p>
            <p className="mt-1 flex flex-wrap items-center gap-x-2 text-gray-600">
              <FormattedMessage
                {...messages.reportedBy}
                values={{
                  reporter: report.reporter ? (
                    <UserChip user={report.reporter} />
                  ) : (
                    intl.formatMessage(messages.deletedAccount)
                  ),
                }}
              />
            </p>
            {report.resolution && (
              <p className="text-gray-600">
                <FormattedMessage
                  {...messages.resolution}
                  values={{
                    resolution: report.resolution,
                    b: (chunks) => <span className="font-medium">{chunks}</span>,
                  }}
                />
              </p>
            )}
            {report.status === "open" && (
              <div className="mt-2 flex justify-end">
                <Button size="sm" onClick={() => setResolving(report)}>
                  {intl.formatMessage(messages.review)}
                </Button>
              </div>
            )}
          </article>
        ))}
        <LoadMore
          hasNextPage={reports.hasNextPage}
          isFetchingNextPage={reports.isFetchingNextPage}
          onLoadMore={() => reports.fetchNextPage()}
        />
      </CardContent>
      <ResolveReportDialog report={resolving} onClose={() => setResolving(null)} />
    </Card>
  );
}
