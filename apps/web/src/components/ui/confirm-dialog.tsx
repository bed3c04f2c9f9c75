import type { ReactNode } from "react";
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
  return (
    <AlertDialog open={props.isOpen} onOpenChange={(isOpen) => !isOpen && props.onCancel()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{props.title}</AlertDialogTitle>
          <AlertDialogDescription>{props.description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{props.cancelLabel ?? "Cancel"}</AlertDialogCancel>
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
