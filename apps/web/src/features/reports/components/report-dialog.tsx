import { type ReportBody, type ReportTargetType, reportBody } from "@plaza/contracts/reports";
import { REPORT_REASON_MAX_LENGTH } from "@plaza/contracts/reports.texts";
import { defineMessages, useIntl } from "react-intl";
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

const phrases = defineMessages<{ title: { target: string } }>({
  title: {
    id: "reports.dialog.title",
    defaultMessage:
      "{target, select, post {Report post} review {Report review} message {Report message} other {Report profile}}",
  },
});
const messages = defineMessages({
  description: {
    id: "reports.dialog.description",
    defaultMessage: "Tell the moderators what is wrong. You will be notified of the outcome.",
  },
  reason: { id: "reports.dialog.reason", defaultMessage: "Reason" },
  reasonPlaceholder: {
    id: "reports.dialog.reasonPlaceholder",
    defaultMessage: "e.g. spam, harassment, false information",
  },
  cancel: { id: "reports.dialog.cancel", defaultMessage: "Cancel" },
  sending: { id: "reports.dialog.sending", defaultMessage: "Sending..." },
  send: { id: "reports.dialog.send", defaultMessage: "Send report" },
  sent: { id: "reports.dialog.sent", defaultMessage: "Report sent" },
  sentText: { id: "reports.dialog.sentText", defaultMessage: "Thank you. A moderator will review it." },
  failed: { id: "reports.dialog.failed", defaultMessage: "Failed to send report." },
});

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
  const intl = useIntl();
  const form = useZodForm(reportBody, { defaultValues: { targetType, targetId, reason: "" } });
  const report = useCreateReport();

  const close = () => {
    form.reset({ targetType, targetId, reason: "" });
    onOpenChange(false);
  };

  const submit = (body: ReportBody) =>
    report.mutate(body, {
      onSuccess: () => {
        toast({ title: intl.formatMessage(messages.sent), description: intl.formatMessage(messages.sentText) });
        close();
      },
      onError: (failure) => applyServerError(form, failure, intl.formatMessage(messages.failed)),
    });

  return (
    <Dialog open={isOpen} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{intl.formatMessage(phrases.title, { target: targetType })}</DialogTitle>
          <DialogDescription>{intl.formatMessage(messages.description)}</DialogDescription>
        </DialogHeader>
        <Form form={form} onSubmit={submit} pending={report.isPending} className="space-y-4">
          <FormField name="reason" id="report-reason" label={intl.formatMessage(messages.reason)} className="space-y-1">
            {(field) => (
              <Textarea
                maxLength={REPORT_REASON_MAX_LENGTH}
                placeholder={intl.formatMessage(messages.reasonPlaceholder)}
                {...field}
              />
            )}
          </FormField>
          <FormMessage />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close}>
              {intl.formatMessage(messages.cancel)}
            </Button>
            <FormSubmit variant="destructive" pendingLabel={intl.formatMessage(messages.sending)}>
              {intl.formatMessage(messages.send)}
            </FormSubmit>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
