import { POST_MESSAGES } from "@plaza/contracts/posts";
import { Trash2 } from "lucide-react";
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
import { toast, toastFailure } from "@/components/ui/use-toast";
import { useDeletePost } from "../api/delete-post";

/** The author's delete action on a post card, behind a confirmation. */
export function DeletePostButton({ postId, onDeleted }: { postId: string; onDeleted?: () => void }) {
  const deletePost = useDeletePost();
  const confirm = () =>
    deletePost.mutate(postId, {
      onSuccess: () => {
        toast({ title: POST_MESSAGES.deleted });
        onDeleted?.();
      },
      onError: (error) => toastFailure(error, POST_MESSAGES.deleteFailed),
    });
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Delete post" disabled={deletePost.isPending}>
          <Trash2 aria-hidden />
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete this post?</AlertDialogTitle>
          <AlertDialogDescription>
            Its likes and comments are deleted with it. This cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={confirm}>
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
