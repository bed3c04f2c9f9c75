import { ADMIN_TOASTS } from "@plaza/contracts/admin.texts";
import { type ReportBody, type ReportTargetType, reportBody } from "@plaza/contracts/reports";
import { REPORT_REASON_MAX_LENGTH } from "@plaza/contracts/reports.texts";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { applyServerError, Form, FormField, FormMessage, FormSubmit, useZodForm } from "@/components/ui/form";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { useCreateReport } from "../api/create-report";

const TARGET_NAMES: Record<ReportTargetType, string> = {
  post: "post",
  review: "review",
  message: "message",
  user: "profile",
};

export interface ReportDialogProps {
  targetType: ReportTargetType;
  targetId: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/**
 * Reports a post, review, message or profile to the moderators with a reason (POST /api/reports). Controlled:
 * post cards, reviews, messages and the profile page open it from their own 'Report' action.
 */
export function ReportDialog({ targetType, targetId, isOpen, onOpenChange }: ReportDialogProps) {
  const form = useZodForm(reportBody, { defaultValues: { targetType, targetId, reason: "" } });
  const report = useCreateReport();
  const name = TARGET_NAMES[targetType];

  const close = () => {
    form.reset({ targetType, targetId, reason: "" });
    onOpenChange(false);
  };

  const submit = (body: ReportBody) =>
    report.mutate(body, {
      onSuccess: () => {
        toast({ title: ADMIN_TOASTS.reportSent, description: ADMIN_TOASTS.reportSentText });
        close();
      },
      onError: (failure) => applyServerError(form, failure, ADMIN_TOASTS.reportFailed),
    });

  return (
    <Dialog open={isOpen} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Report {name}</DialogTitle>
          <DialogDescription>Tell the moderators what is wrong. You will be notified of the outcome.</DialogDescription>
        </DialogHeader>
        <Form form={form} onSubmit={submit} pending={report.isPending} className="space-y-4">
          <FormField name="reason" id="report-reason" label="Reason" className="space-y-1">
            {(field) => (
              <Textarea
                maxLength={REPORT_REASON_MAX_LENGTH}
                placeholder="e.g. spam, harassment, false information"
                {...field}
              />
            )}
          </FormField>
          <FormMessage />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close}>
              Cancel
            </Button>
            <FormSubmit variant="destructive" pendingLabel="Sending...">
              Send report
            </FormSubmit>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
