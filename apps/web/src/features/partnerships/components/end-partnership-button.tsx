import { useState } from "react";
import { defineMessages, useIntl } from "react-intl";
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
import { PARTNERSHIP_MESSAGES } from "../lib/partnership-texts";

const phrases = defineMessages<{ endWith: { name: string } }>({
  endWith: { id: "partnerships.end.endWith", defaultMessage: "End partnership with {name}" },
});
const messages = defineMessages({
  cancel: { id: "partnerships.end.cancel", defaultMessage: "Cancel" },
  failed: { id: "partnerships.end.failed", defaultMessage: "Could not end the partnership" },
});

/** Ends a partnership (or withdraws an invitation) after a confirmation: its perks stop at once. */
export function EndPartnershipButton({ partnershipId, name }: { partnershipId: string; name: string }) {
  const intl = useIntl();
  const [isOpen, setIsOpen] = useState(false);
  const end = useEndPartnership();
  return (
    <>
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={() => setIsOpen(true)}
        aria-label={intl.formatMessage(phrases.endWith, { name })}
      >
        {intl.formatMessage(PARTNERSHIP_MESSAGES.end)}
      </Button>
      <AlertDialog open={isOpen} onOpenChange={setIsOpen}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{intl.formatMessage(PARTNERSHIP_MESSAGES.endConfirmTitle)}</AlertDialogTitle>
            <AlertDialogDescription>{intl.formatMessage(PARTNERSHIP_MESSAGES.endConfirm)}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{intl.formatMessage(messages.cancel)}</AlertDialogCancel>
            <AlertDialogAction
              variant="destructive"
              onClick={() =>
                end.mutate(partnershipId, {
                  onSuccess: () => toast({ title: intl.formatMessage(PARTNERSHIP_MESSAGES.ended) }),
                  onError: (error) => toastFailure(error, intl.formatMessage(messages.failed)),
                })
              }
            >
              {intl.formatMessage(PARTNERSHIP_MESSAGES.end)}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
