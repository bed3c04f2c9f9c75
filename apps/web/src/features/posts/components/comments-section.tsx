import { COMMENT_MAX_LENGTH, createCommentBody, POST_MESSAGES } from "@plaza/contracts/posts";
import { displayName } from "@plaza/contracts/users";
import { type FormEvent, useRef, useState } from "react";
import { Link } from "wouter";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { RelativeTime } from "@/components/ui/relative-time";
import { SkeletonList } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { VerifiedBadge } from "@/components/ui/verified-badge";
import { ApiError, isUnauthorizedError } from "@/lib/api-client";
import { useCreateComment } from "../api/create-comment";
import { useComments } from "../api/get-comments";

interface CommentsSectionProps {
  postId: string;
  isCommentable: boolean;
  canComment: boolean;
  onCommentAdded: () => void;
}

/** The comments of a post (oldest first, "Load more") and the add form. */
export function CommentsSection({ postId, isCommentable, canComment, onCommentAdded }: CommentsSectionProps) {
  const comments = useComments(postId, true);
  const createComment = useCreateComment(postId);
  const [content, setContent] = useState("");
  const commentBox = useRef<HTMLTextAreaElement>(null);
  const [error, setError] = useState<string | null>(null);
  const items = comments.data?.pages.flatMap((page) => page.comments) ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createCommentBody.safeParse({ content });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Invalid comment");
      return;
    }
    setError(null);
    createComment.mutate(parsed.data, {
      onSuccess: () => {
        setContent("");
        onCommentAdded();
        // The Comment button disables itself once the box is empty: keep the writer in the box for the next one.
        commentBox.current?.focus();
      },
      onError: (failure) => {
        if (isUnauthorizedError(failure)) return;
        toast({
          title: "Error",
          description: (failure instanceof ApiError && failure.serverMessage) || POST_MESSAGES.commentFailed,
          variant: "destructive",
        });
      },
    });
  };

  return (
    <section aria-label="Comments" className="mt-3 space-y-3 border-t pt-3">
      {comments.isLoading && <SkeletonList label="Loading comments..." count={2} hasAvatar />}
      {comments.isError && <p className="text-sm text-red-600">Failed to load comments.</p>}
      {comments.isSuccess && items.length === 0 && <p className="text-sm text-gray-500">No comments yet</p>}
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
              <div className="flex items-baseline gap-2 text-sm">
                <Link href={`/profile/${comment.authorId}`} className="font-medium hover:underline">
                  {displayName(comment.author)}
                </Link>
                {comment.author.isVerified && <VerifiedBadge />}
                <RelativeTime value={comment.createdAt} className="text-xs text-gray-500" />
              </div>
              <p className="text-sm whitespace-pre-wrap break-words">{comment.content}</p>
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
          Load more comments
        </Button>
      )}
      {!isCommentable ? (
        <p className="text-sm text-gray-500">{POST_MESSAGES.notCommentable}</p>
      ) : (
        canComment && (
          <form onSubmit={submit} className="space-y-2">
            <Textarea
              ref={commentBox}
              aria-label="Write a comment"
              placeholder="Write a comment..."
              value={content}
              maxLength={COMMENT_MAX_LENGTH}
              onChange={(event) => setContent(event.target.value)}
              rows={2}
            />
            {error && <p className="text-sm text-red-600">{error}</p>}
            <div className="flex justify-end">
              <Button type="submit" size="sm" disabled={createComment.isPending || content.trim() === ""}>
                {createComment.isPending ? "Posting..." : "Comment"}
              </Button>
            </div>
          </form>
        )
      )}
    </section>
  );
}
