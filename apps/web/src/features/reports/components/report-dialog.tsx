import { ADMIN_TOASTS } from "@plaza/contracts/admin";
import { REPORT_REASON_MAX_LENGTH, type ReportTargetType, reportBody } from "@plaza/contracts/reports";
import { Flag } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { ApiError } from "@/lib/api-client";
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
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const report = useCreateReport();
  const name = TARGET_NAMES[targetType];

  const close = () => {
    setReason("");
    setError(null);
    onOpenChange(false);
  };

  const submit = () => {
    const parsed = reportBody.safeParse({ targetType, targetId, reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Invalid input");
      return;
    }
    report.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: ADMIN_TOASTS.reportSent, description: ADMIN_TOASTS.reportSentText });
        close();
      },
      onError: (failure) => {
        const message = failure instanceof ApiError ? failure.serverMessage : undefined;
        setError(message ?? ADMIN_TOASTS.reportFailed);
      },
    });
  };

  return (
    <Dialog open={isOpen} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Report {name}</DialogTitle>
          <DialogDescription>Tell the moderators what is wrong. You will be notified of the outcome.</DialogDescription>
        </DialogHeader>
        <div className="space-y-1">
          <Label htmlFor="report-reason">Reason</Label>
          <Textarea
            id="report-reason"
            value={reason}
            maxLength={REPORT_REASON_MAX_LENGTH}
            placeholder="e.g. spam, harassment, false information"
            onChange={(event) => setReason(event.target.value)}
          />
          {error && (
            <p role="alert" className="text-sm text-red-600">
              {error}
            </p>
          )}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={submit} disabled={report.isPending}>
            {report.isPending ? "Sending..." : "Send report"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** A small 'Report' button that opens the dialog; for places that have no menu of their own. */
export function ReportButton({
  variant = "ghost",
  targetType,
  targetId,
  className,
}: Omit<ReportDialogProps, "isOpen" | "onOpenChange"> & { className?: string; variant?: "ghost" | "outline" }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button
        variant={variant}
        size={variant === "ghost" ? "sm" : "default"}
        className={className}
        onClick={() => setIsOpen(true)}
        aria-label="Report"
      >
        <Flag aria-hidden /> <span className={variant === "ghost" ? "hidden sm:inline" : undefined}>Report</span>
      </Button>
      <ReportDialog targetType={targetType} targetId={targetId} isOpen={isOpen} onOpenChange={setIsOpen} />
    </>
  );
}
