import type { ReactNode } from "react";
import { defineMessages } from "react-intl";
import { useAppIntl } from "@/lib/use-app-intl";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "./alert-dialog";

const messages = defineMessages({
  cancel: { id: "shell.confirm-dialog.cancel", defaultMessage: "Cancel" },
});

/** The one yes/no question before a destructive or weighty action: Cancel (or Escape), or the confirm button. */
export function ConfirmDialog(props: {
  isOpen: boolean;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel?: ReactNode;
  /** Destructive unless said otherwise (verifying an account is not). */
  confirmVariant?: "default" | "destructive";
  /** While the confirmed action runs. */
  isPending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const intl = useAppIntl();
  return (
    <AlertDialog open={props.isOpen} onOpenChange={(isOpen) => !isOpen && props.onCancel()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{props.title}</AlertDialogTitle>
          <AlertDialogDescription>{props.description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{props.cancelLabel ?? intl.formatMessage(messages.cancel)}</AlertDialogCancel>
          <AlertDialogAction
            variant={props.confirmVariant ?? "destructive"}
            disabled={props.isPending}
            onClick={props.onConfirm}
          >
            {props.confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
