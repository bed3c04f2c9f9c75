import { Flag } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { defineMessages, useIntl } from "react-intl";
import { Button } from "@/components/ui/button";
import type { ReportDialogProps } from "./report-dialog";

// Loaded on opening: the dialog's form schema (zod) stays off the first screens that show the button (Plaza issue 34).
const ReportDialog = lazy(() => import("./report-dialog").then((module) => ({ default: module.ReportDialog })));

const messages = defineMessages({
  report: { id: "reports.button.report", defaultMessage: "Report" },
});

/** A small 'Report' button that opens the dialog; for places that have no menu of their own. */
export function ReportButton({
  variant = "ghost",
  targetType,
  targetId,
  className,
}: Omit<ReportDialogProps, "isOpen" | "onOpenChange"> & { className?: string; variant?: "ghost" | "outline" }) {
  const intl = useIntl();
  const [isOpen, setIsOpen] = useState(false);
  const label = intl.formatMessage(messages.report);
  return (
    <>
      <Button
        variant={variant}
        size={variant === "ghost" ? "sm" : "default"}
        className={className}
        onClick={() => setIsOpen(true)}
        aria-label={label}
      >
        <Flag aria-hidden /> <span className={variant === "ghost" ? "hidden sm:inline" : undefined}>{label}</span>
      </Button>
      {isOpen && (
        <Suspense fallback={null}>
          <ReportDialog targetType={targetType} targetId={targetId} isOpen={isOpen} onOpenChange={setIsOpen} />
        </Suspense>
      )}
    </>
  );
}
