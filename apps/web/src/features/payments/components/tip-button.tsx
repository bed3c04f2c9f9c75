import { DollarSign } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { defineMessages, useIntl } from "react-intl";
import { Button } from "@/components/ui/button";

// Loaded on opening: the dialog's form schema (zod) stays off the feed's first screen (Plaza issue 34).
const TipDialog = lazy(() => import("./tip-dialog").then((module) => ({ default: module.TipDialog })));

const messages = defineMessages({
  tip: { id: "payments.tipButton.tip", defaultMessage: "Tip" },
});

/** The post card's Tip button (hidden from the post's author by the page that renders it). */
export function TipButton({ receiverId, receiverName }: { receiverId: string; receiverName: string }) {
  const intl = useIntl();
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button type="button" variant="ghost" size="sm" onClick={() => setIsOpen(true)}>
        <DollarSign aria-hidden className="me-1 h-4 w-4" /> {intl.formatMessage(messages.tip)}
      </Button>
      {isOpen && (
        <Suspense fallback={null}>
          <TipDialog receiverId={receiverId} receiverName={receiverName} isOpen={isOpen} onOpenChange={setIsOpen} />
        </Suspense>
      )}
    </>
  );
}
