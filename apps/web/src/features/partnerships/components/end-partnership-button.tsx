import { PARTNERSHIP_TEXTS } from "@plaza/contracts/partnerships.texts";
import { useState } from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { useEndPartnership } from "../api/partnerships";

/** Ends a partnership (or withdraws an invitation) after a confirmation: its perks stop at once. */
export function EndPartnershipButton({ partnershipId, name }: { partnershipId: string; name: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const end = useEndPartnership();
  return (
    <>
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={() => setIsOpen(true)}
        aria-label={`End partnership with ${name}`}
      >
        {PARTNERSHIP_TEXTS.end}
      </Button>
      <AlertDialog open={isOpen} onOpenChange={setIsOpen}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{PARTNERSHIP_TEXTS.endConfirmTitle}</AlertDialogTitle>
            <AlertDialogDescription>{PARTNERSHIP_TEXTS.endConfirm}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              variant="destructive"
              onClick={() =>
                end.mutate(partnershipId, {
                  onSuccess: () => toast({ title: PARTNERSHIP_TEXTS.ended }),
                  onError: (error) => toastFailure(error, "Could not end the partnership"),
                })
              }
            >
              {PARTNERSHIP_TEXTS.end}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
