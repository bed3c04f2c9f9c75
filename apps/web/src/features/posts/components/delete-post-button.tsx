import { Trash2 } from "lucide-react";
import { useState } from "react";
import { defineMessages, useIntl } from "react-intl";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { useDeletePost } from "../api/delete-post";

const messages = defineMessages({
  deleted: { id: "posts.delete.deleted", defaultMessage: "Post deleted" },
  failed: { id: "posts.delete.failed", defaultMessage: "Failed to delete post." },
  label: { id: "posts.delete.label", defaultMessage: "Delete post" },
  confirmTitle: { id: "posts.delete.confirmTitle", defaultMessage: "Delete this post?" },
  confirmText: {
    id: "posts.delete.confirmText",
    defaultMessage: "Its likes and comments are deleted with it. This cannot be undone.",
  },
  confirm: { id: "posts.delete.confirm", defaultMessage: "Delete" },
});

/** The author's delete action on a post card, behind a confirmation. */
export function DeletePostButton({ postId, onDeleted }: { postId: string; onDeleted?: () => void }) {
  const intl = useIntl();
  const deletePost = useDeletePost();
  const [isConfirming, setIsConfirming] = useState(false);
  const confirm = () => {
    setIsConfirming(false);
    deletePost.mutate(postId, {
      onSuccess: () => {
        toast({ title: intl.formatMessage(messages.deleted) });
        onDeleted?.();
      },
      onError: (error) => toastFailure(error, intl.formatMessage(messages.failed)),
    });
  };
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label={intl.formatMessage(messages.label)}
        disabled={deletePost.isPending}
        onClick={() => setIsConfirming(true)}
      >
        <Trash2 aria-hidden />
      </Button>
      <ConfirmDialog
        isOpen={isConfirming}
        title={intl.formatMessage(messages.confirmTitle)}
        description={intl.formatMessage(messages.confirmText)}
        confirmLabel={intl.formatMessage(messages.confirm)}
        onConfirm={confirm}
        onCancel={() => setIsConfirming(false)}
      />
    </>
  );
}
