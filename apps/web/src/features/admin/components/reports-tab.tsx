import { ADMIN_TOASTS } from "@plaza/contracts/admin.texts";
import {
  type ReportAction,
  type ReportView,
  type ResolveReportBody,
  resolveReportBody,
} from "@plaza/contracts/reports";
import { REPORT_ACTION_LABELS, REPORT_ACTIONS } from "@plaza/contracts/reports.texts";
import { displayName } from "@plaza/contracts/users.texts";
import { useState } from "react";
import { useWatch } from "react-hook-form";
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

const STATUS_LABELS: Record<ReportView["status"], string> = {
  open: "Open",
  actioned: "Actioned",
  dismissed: "Dismissed",
};

const TARGET_LABELS: Record<ReportView["targetType"], string> = {
  post: "Post",
  review: "Review",
  message: "Message",
  user: "Account",
};

const ownerName = (report: ReportView) => (report.targetOwner ? displayName(report.targetOwner) : "a deleted account");

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
          toast({ title: ADMIN_TOASTS.reportResolved });
          close();
        },
        onError: (failure) => applyServerError(form, failure, "Failed to resolve report."),
      },
    );
  };

  return (
    <Dialog open={report !== null} onOpenChange={(isOpen) => !isOpen && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Resolve report</DialogTitle>
          <DialogDescription>
            The reporter is told the outcome; the reason is kept in the activity log.
          </DialogDescription>
        </DialogHeader>
        <Form form={form} onSubmit={submit} pending={resolve.isPending} className="space-y-4">
          {report && (
            <div className="space-y-3">
              <FormField name="action" id="report-action" label="Action" className="space-y-1">
                {({ value, onChange, id }) => (
                  <Select value={value} onValueChange={onChange}>
                    <SelectTrigger id={id} aria-label="Action">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {actionsFor(report).map((option) => (
                        <SelectItem key={option} value={option}>
                          {REPORT_ACTION_LABELS[option]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              </FormField>
              <FormField name="reason" id="report-resolution" label="Reason" className="space-y-1">
                {(field) => <Textarea maxLength={500} {...field} />}
              </FormField>
              <FormMessage />
            </div>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close}>
              Cancel
            </Button>
            <FormSubmit pendingLabel="Saving...">Resolve</FormSubmit>
          </DialogFooter>
        </Form>
      </DialogContent>
      {report && (
        <ConfirmDialog
          isOpen={confirming !== null}
          title={action === "suspend_user" ? "Suspend this account?" : "Delete this content?"}
          description={confirmText(report, action)}
          confirmLabel={REPORT_ACTION_LABELS[action]}
          onConfirm={() => confirming && send(confirming)}
          onCancel={() => setConfirming(null)}
        />
      )}
    </Dialog>
  );
}

/** What a destructive resolution will do, in words, naming the person it affects. */
function confirmText(report: ReportView, action: ReportAction): string {
  const owner = report.targetOwner ? displayName(report.targetOwner) : "the author";
  if (action === "suspend_user") {
    return `${owner} will be suspended and signed out everywhere until an admin lifts the suspension.`;
  }
  return `This ${report.targetType} by ${owner} will be removed for everyone. This cannot be undone.`;
}

/** Reports: open reports with target, reason and reporter; act or dismiss with a reason. */
export function ReportsTab({ isActive }: { isActive: boolean }) {
  const [status, setStatus] = useState<ReportView["status"]>("open");
  const reports = useReports(status, isActive);
  const [resolving, setResolving] = useState<ReportView | null>(null);
  const rows = reports.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Reports</CardTitle>
        <CardDescription>Posts, reviews, messages and people reported by users.</CardDescription>
        <div className="flex gap-1 pt-2">
          {(Object.keys(STATUS_LABELS) as ReportView["status"][]).map((option) => (
            <Button
              key={option}
              size="sm"
              variant={option === status ? "default" : "outline"}
              onClick={() => setStatus(option)}
            >
              {STATUS_LABELS[option]}
            </Button>
          ))}
        </div>
      </CardHeader>
      <CardContent className="space-y-3">
        {reports.isLoading && <SkeletonList label="Loading reports..." count={2} itemClassName="h-24" />}
        {reports.isError && <p className="text-sm text-red-600">Failed to load reports.</p>}
        {reports.isSuccess && rows.length === 0 && (
          <p className="py-6 text-center text-gray-500">No {STATUS_LABELS[status].toLowerCase()} reports</p>
        )}
        {rows.map((report) => (
          <article key={report.id} className="rounded-lg border p-3 text-sm" data-testid="admin-report-row">
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant="secondary">{TARGET_LABELS[report.targetType]}</Badge>
              {report.targetOwner && <UserChip user={report.targetOwner} />}
              <RelativeTime value={report.createdAt} className="ml-auto text-xs text-gray-500" />
            </div>
            <div className="mt-2 rounded bg-gray-50 p-2 text-gray-800">
              {report.targetImageUrl && (
                <a href={report.targetImageUrl} target="_blank" rel="noreferrer" className="mb-2 block w-fit">
                  <UploadedPicture
                    src={report.targetImageUrl}
                    alt={report.targetImageAlt || `The reported picture by ${ownerName(report)}`}
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
                <em className="text-gray-500">The content no longer exists</em>
              )}
            </div>
            <p className="mt-1">
              <span className="font-medium">Reason:</span> {report.reason}
            </p>
            <p className="mt-1 flex flex-wrap items-center gap-x-2 text-gray-600">
              Reported by {report.reporter ? <UserChip user={report.reporter} /> : "a deleted account"}
            </p>
            {report.resolution && (
              <p className="text-gray-600">
                <span className="font-medium">Resolution:</span> {report.resolution}
              </p>
            )}
            {report.status === "open" && (
              <div className="mt-2 flex justify-end">
                <Button size="sm" onClick={() => setResolving(report)}>
                  Review
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
