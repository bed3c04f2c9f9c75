import { DollarSign } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";

// Loaded on opening: the dialog's form schema (zod) stays off the feed's first screen (Plaza issue 34).
const TipDialog = lazy(() => import("./tip-dialog").then((module) => ({ default: module.TipDialog })));

/** The post card's Tip button (hidden from the post's author by the page that renders it). */
export function TipButton({ receiverId, receiverName }: { receiverId: string; receiverName: string }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button type="button" variant="ghost" size="sm" onClick={() => setIsOpen(true)}>
        <DollarSign aria-hidden className="mr-1 h-4 w-4" /> Tip
      </Button>
      {isOpen && (
        <Suspense fallback={null}>
          <TipDialog receiverId={receiverId} receiverName={receiverName} isOpen={isOpen} onOpenChange={setIsOpen} />
        </Suspense>
      )}
    </>
  );
}
