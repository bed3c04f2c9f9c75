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
import { useBlockUser } from "../api/blocks";

interface BlockUserProps {
  userId: string;
  name: string;
  onBlocked: () => void;
}

/**
 * Blocks the person after a confirmation (docs/PRODUCT.md "Privacy": follows end both ways). Opened from the profile's
 * "More actions" menu, which owns the open state.
 */
export function BlockUserDialog({
  isOpen,
  onOpenChange,
  ...props
}: BlockUserProps & { isOpen: boolean; onOpenChange: (isOpen: boolean) => void }) {
  return (
    <AlertDialog open={isOpen} onOpenChange={onOpenChange}>
      <BlockUserConfirmation {...props} />
    </AlertDialog>
  );
}

function BlockUserConfirmation({ userId, name, onBlocked }: BlockUserProps) {
  const block = useBlockUser();
  return (
    <AlertDialogContent>
      <AlertDialogHeader>
        <AlertDialogTitle>Block {name}?</AlertDialogTitle>
        <AlertDialogDescription>
          You will stop following each other, and neither of you will be able to see the other's profile or posts,
          follow or message. You can unblock them later in Settings → Privacy.
        </AlertDialogDescription>
      </AlertDialogHeader>
      <AlertDialogFooter>
        <AlertDialogCancel>Cancel</AlertDialogCancel>
        <AlertDialogAction
          variant="destructive"
          disabled={block.isPending}
          onClick={() => block.mutate({ blockedId: userId, blockType: "hard" }, { onSuccess: onBlocked })}
        >
          Block
        </AlertDialogAction>
      </AlertDialogFooter>
    </AlertDialogContent>
  );
}
