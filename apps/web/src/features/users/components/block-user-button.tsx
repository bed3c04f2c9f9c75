import { Ban } from "lucide-react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { useBlockUser } from "../api/blocks";

/** Blocks the person after a confirmation (CONTRACT "Privacy": follows end both ways). */
export function BlockUserButton({ userId, name, onBlocked }: { userId: string; name: string; onBlocked: () => void }) {
  const block = useBlockUser();
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="outline" disabled={block.isPending}>
          <Ban aria-hidden className="mr-2 h-4 w-4" /> Block
        </Button>
      </AlertDialogTrigger>
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
            onClick={() => block.mutate({ blockedId: userId, blockType: "hard" }, { onSuccess: onBlocked })}
          >
            Block
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
