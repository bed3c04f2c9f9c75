import {
  type CommentView,
  type CreateCommentBody,
  createCommentBody,
  type UpdateCommentBody,
  updateCommentBody,
} from "@plaza/contracts/posts";
import { COMMENT_MAX_LENGTH } from "@plaza/contracts/posts.texts";
import { displayName } from "@plaza/contracts/users.texts";
import { MoreHorizontal, Pencil, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { useWatch } from "react-hook-form";
import { defineMessages, useIntl } from "react-intl";
import { Link } from "wouter";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { applyServerError, Form, FormField, FormMessage, FormSubmit, useZodForm } from "@/components/ui/form";
import { RelativeTime } from "@/components/ui/relative-time";
import { SkeletonList } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { VerifiedBadge } from "@/components/ui/verified-badge";
import { isUnauthorizedError } from "@/lib/api-client";
import { paths } from "@/lib/paths";
import { useCreateComment } from "../api/create-comment";
import { useDeleteComment, useUpdateComment } from "../api/edit-comment";
import { useComments } from "../api/get-comments";

const messages = defineMessages({
  deleted: { id: "posts.comments.deleted", defaultMessage: "Comment deleted" },
  deleteFailed: { id: "posts.comments.deleteFailed", defaultMessage: "Failed to delete comment." },
  actions: { id: "posts.comments.actions", defaultMessage: "Comment actions" },
  edit: { id: "posts.comments.edit", defaultMessage: "Edit" },
  delete: { id: "posts.comments.delete", defaultMessage: "Delete" },
  confirmTitle: { id: "posts.comments.confirmTitle", defaultMessage: "Delete this comment?" },
  confirmText: { id: "posts.comments.confirmText", defaultMessage: "This cannot be undone." },
  edited: { id: "posts.comments.edited", defaultMessage: "Comment updated" },
  editFailed: { id: "posts.comments.editFailed", defaultMessage: "Failed to update comment." },
  editLabel: { id: "posts.comments.editLabel", defaultMessage: "Edit comment" },
  cancel: { id: "posts.comments.cancel", defaultMessage: "Cancel" },
  save: { id: "posts.comments.save", defaultMessage: "Save" },
  failed: { id: "posts.comments.failed", defaultMessage: "Failed to add comment. Please try again." },
  section: { id: "posts.comments.section", defaultMessage: "Comments" },
  loading: { id: "posts.comments.loading", defaultMessage: "Loading comments..." },
  loadFailed: { id: "posts.comments.loadFailed", defaultMessage: "Failed to load comments." },
  empty: { id: "posts.comments.empty", defaultMessage: "No comments yet" },
  editedMark: { id: "posts.comments.editedMark", defaultMessage: "edited" },
  loadMore: { id: "posts.comments.loadMore", defaultMessage: "Load more comments" },
  notCommentable: { id: "posts.comments.notCommentable", defaultMessage: "Comments are turned off for this post" },
  write: { id: "posts.comments.write", defaultMessage: "Write a comment" },
  writePlaceholder: { id: "posts.comments.writePlaceholder", defaultMessage: "Write a comment..." },
  posting: { id: "posts.comments.posting", defaultMessage: "Posting..." },
  comment: { id: "posts.comments.comment", defaultMessage: "Comment" },
});

interface CommentsSectionProps {
  postId: string;
  isCommentable: boolean;
  canComment: boolean;
  onCommentAdded: () => void;
  onCommentRemoved?: () => void;
}

/** Edit (the comment's author) and Delete (its author or the post's author) on one comment. */
function CommentActions({
  comment,
  onEdit,
  onRemoved,
}: {
  comment: CommentView;
  onEdit: () => void;
  onRemoved?: () => void;
}) {
  const intl = useIntl();
  const deleteComment = useDeleteComment();
  const [isConfirming, setIsConfirming] = useState(false);
  if (!comment.abilities.canEdit && !comment.abilities.canDelete) return null;
  const remove = () => {
    setIsConfirming(false);
    deleteComment.mutate(comment.id, {
      onSuccess: () => {
        toast({ title: intl.formatMessage(messages.deleted) });
        onRemoved?.();
      },
      onError: (failure) => toastFailure(failure, intl.formatMessage(messages.deleteFailed)),
    });
  };
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            className="size-11 shrink-0 md:size-8"
            aria-label={intl.formatMessage(messages.actions)}
          >
            <MoreHorizontal aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {comment.abilities.canEdit && (
            <DropdownMenuItem onSelect={onEdit}>
              <Pencil aria-hidden /> {intl.formatMessage(messages.edit)}
            </DropdownMenuItem>
          )}
          {comment.abilities.canDelete && (
            <DropdownMenuItem variant="destructive" onSelect={() => setIsConfirming(true)}>
              <Trash2 aria-hidden /> {intl.formatMessage(messages.delete)}
            </DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmDialog
        isOpen={isConfirming}
        title={intl.formatMessage(messages.confirmTitle)}
        description={intl.formatMessage(messages.confirmText)}
        confirmLabel={intl.formatMessage(messages.delete)}
        onConfirm={remove}
        onCancel={() => setIsConfirming(false)}
      />
    </>
  );
}

/** A comment's text, or the box that edits it. */
function CommentBody({
  comment,
  postId,
  isEditing,
  onDone,
}: {
  comment: CommentView;
  postId: string;
  isEditing: boolean;
  onDone: () => void;
}) {
  const intl = useIntl();
  const form = useZodForm(updateCommentBody, { defaultValues: { content: comment.content } });
  const updateComment = useUpdateComment(postId);
  if (!isEditing)
    return (
      <p dir="auto" className="text-sm whitespace-pre-wrap break-words">
        {comment.content}
      </p>
    );
  const save = (body: UpdateCommentBody) =>
    updateComment.mutate(
      { commentId: comment.id, body },
      {
        onSuccess: () => {
          toast({ title: intl.formatMessage(messages.edited) });
          onDone();
        },
        onError: (failure) => {
          if (isUnauthorizedError(failure)) return;
          applyServerError(form, failure, intl.formatMessage(messages.editFailed));
        },
      },
    );
  return (
    <Form form={form} onSubmit={save} pending={updateComment.isPending} className="mt-1 space-y-2">
      <FormField name="content" className="space-y-2">
        {(field) => (
          <Textarea
            aria-label={intl.formatMessage(messages.editLabel)}
            maxLength={COMMENT_MAX_LENGTH}
            rows={2}
            autoFocus
            {...field}
          />
        )}
      </FormField>
      <FormMessage />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" size="sm" onClick={onDone}>
          {intl.formatMessage(messages.cancel)}
        </Button>
        <FormSubmit size="sm">{intl.formatMessage(messages.save)}</FormSubmit>
      </div>
    </Form>
  );
}

/** The comments of a post (oldest first, "Load more") and the add form. */
export function CommentsSection({
  postId,
  isCommentable,
  canComment,
  onCommentAdded,
  onCommentRemoved,
}: CommentsSectionProps) {
  const intl = useIntl();
  const [editingId, setEditingId] = useState<string | null>(null);
  const comments = useComments(postId, true);
  const createComment = useCreateComment(postId);
  const form = useZodForm(createCommentBody, { defaultValues: { content: "" } });
  const content = useWatch({ control: form.control, name: "content" });
  // Our own handle on the box: a reset form forgets its fields' elements until it renders again.
  const commentBox = useRef<HTMLTextAreaElement | null>(null);
  const items = comments.data?.pages.flatMap((page) => page.comments) ?? [];

  const submit = (body: CreateCommentBody) =>
    createComment.mutate(body, {
      onSuccess: () => {
        form.reset({ content: "" });
        onCommentAdded();
        // The Comment button disables itself once the box is empty: keep the writer in the box for the next one.
        commentBox.current?.focus();
      },
      onError: (failure) => toastFailure(failure, intl.formatMessage(messages.failed)),
    });

  return (
    <section aria-label={intl.formatMessage(messages.section)} className="mt-3 space-y-3 border-t pt-3">
      {comments.isLoading && <SkeletonList label={intl.formatMessage(messages.loading)} count={2} hasAvatar />}
      {comments.isError && <p className="text-sm text-red-600">{intl.formatMessage(messages.loadFailed)}</p>}
      {comments.isSuccess && items.length === 0 && (
        <p className="text-sm text-gray-500">{intl.formatMessage(messages.empty)}</p>
      )}
      <ul className="space-y-3">
        {items.map((comment) => (
          <li key={comment.id} className="flex gap-2">
            <Avatar className="h-8 w-8">
              {comment.author.profileImageUrl && (
                <AvatarImage src={comment.author.profileImageUrl} alt={displayName(comment.author)} />
              )}
              <AvatarFallback>
                {(comment.author.firstName ?? comment.author.username).charAt(0).toUpperCase()}
              </AvatarFallback>
            </Avatar>
            <div className="min-w-0 flex-1 rounded-lg bg-gray-50 px-3 py-2">
              <div className="flex items-start gap-2">
                <div className="flex min-w-0 flex-1 flex-wrap items-baseline gap-x-2 text-sm">
                  <Link href={paths.profile(comment.authorId)} className="font-medium break-all hover:underline">
                    {displayName(comment.author)}
                  </Link>
                  {comment.author.isVerified && <VerifiedBadge />}
                  <RelativeTime value={comment.createdAt} className="text-xs text-gray-500" />
                  {comment.editedAt && (
                    <span className="text-xs text-gray-500">{intl.formatMessage(messages.editedMark)}</span>
                  )}
                </div>
                <CommentActions
                  comment={comment}
                  onEdit={() => setEditingId(comment.id)}
                  onRemoved={onCommentRemoved}
                />
              </div>
              <CommentBody
                key={`${comment.id}-${comment.editedAt}`}
                comment={comment}
                postId={postId}
                isEditing={editingId === comment.id}
                onDone={() => setEditingId(null)}
              />
            </div>
          </li>
        ))}
      </ul>
      {comments.hasNextPage && (
        <Button
          variant="link"
          size="sm"
          onClick={() => comments.fetchNextPage()}
          disabled={comments.isFetchingNextPage}
        >
          {intl.formatMessage(messages.loadMore)}
        </Button>
      )}
      {!isCommentable ? (
        <p className="text-sm text-gray-500">{intl.formatMessage(messages.notCommentable)}</p>
      ) : (
        canComment && (
          <Form form={form} onSubmit={submit} pending={createComment.isPending} className="space-y-2">
            <FormField name="content" className="space-y-2">
              {({ ref, ...field }) => (
                <Textarea
                  ref={(element) => {
                    ref(element);
                    commentBox.current = element;
                  }}
                  aria-label={intl.formatMessage(messages.write)}
                  placeholder={intl.formatMessage(messages.writePlaceholder)}
                  maxLength={COMMENT_MAX_LENGTH}
                  rows={2}
                  {...field}
                />
              )}
            </FormField>
            <div className="flex justify-end">
              <FormSubmit
                size="sm"
                pendingLabel={intl.formatMessage(messages.posting)}
                disabled={content.trim() === ""}
              >
                {intl.formatMessage(messages.comment)}
              </FormSubmit>
            </div>
          </Form>
        )
      )}
    </section>
  );
}
