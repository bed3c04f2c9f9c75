import { POST_MESSAGES } from "@plaza/contracts/posts.texts";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { useDeletePost } from "../api/delete-post";

/** The author's delete action on a post card, behind a confirmation. */
export function DeletePostButton({ postId, onDeleted }: { postId: string; onDeleted?: () => void }) {
  const deletePost = useDeletePost();
  const [isConfirming, setIsConfirming] = useState(false);
  const confirm = () => {
    setIsConfirming(false);
    deletePost.mutate(postId, {
      onSuccess: () => {
        toast({ title: POST_MESSAGES.deleted });
        onDeleted?.();
      },
      onError: (error) => toastFailure(error, POST_MESSAGES.deleteFailed),
    });
  };
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label="Delete post"
        disabled={deletePost.isPending}
        onClick={() => setIsConfirming(true)}
      >
        <Trash2 aria-hidden />
      </Button>
      <ConfirmDialog
        isOpen={isConfirming}
        title="Delete this post?"
        description="Its likes and comments are deleted with it. This cannot be undone."
        confirmLabel="Delete"
        onConfirm={confirm}
        onCancel={() => setIsConfirming(false)}
      />
    </>
  );
}
