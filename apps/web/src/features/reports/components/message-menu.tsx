import { Flag, MoreHorizontal } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { defineMessages, useIntl } from "react-intl";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";

// Loaded on opening: the dialog's form schema (zod) stays off the messages screen's first render (Plaza issue 34).
const ReportDialog = lazy(() => import("./report-dialog").then((module) => ({ default: module.ReportDialog })));

const messages = defineMessages({
  menu: { id: "reports.messageMenu.label", defaultMessage: "Message options" },
  report: { id: "reports.messageMenu.report", defaultMessage: "Report message" },
});

/**
 * The menu beside a message from the other person (as in WhatsApp and Instagram: one "⋯" per bubble, quiet until
 * hovered or focused on a laptop, always there on a phone), holding "Report message".
 */
export function MessageMenu({ messageId }: { messageId: string }) {
  const intl = useIntl();
  const [isReporting, setIsReporting] = useState(false);
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            className="size-11 shrink-0 text-gray-500 md:size-8 md:opacity-0 md:group-hover:opacity-100 md:focus-visible:opacity-100 md:data-[state=open]:opacity-100"
            aria-label={intl.formatMessage(messages.menu)}
          >
            <MoreHorizontal aria-hidden className="h-4 w-4" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start">
          <DropdownMenuItem variant="destructive" onSelect={() => setIsReporting(true)}>
            <Flag aria-hidden /> {intl.formatMessage(messages.report)}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {isReporting && (
        <Suspense fallback={null}>
          <ReportDialog targetType="message" targetId={messageId} isOpen={isReporting} onOpenChange={setIsReporting} />
        </Suspense>
      )}
    </>
  );
}
