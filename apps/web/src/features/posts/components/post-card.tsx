import { formatDollars } from "@plaza/contracts/money";
import type { PostView } from "@plaza/contracts/posts";
import { Heart, Lock, MapPin, MessageCircle, Share2 } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { defineMessages, useIntl } from "react-intl";
import { Link } from "wouter";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Badge, badgeVariants } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { RelativeTime } from "@/components/ui/relative-time";
import { toast } from "@/components/ui/use-toast";
import { VerifiedBadge } from "@/components/ui/verified-badge";
import { cn } from "@/lib/cn";
import { paths } from "@/lib/paths";
import { useToggleLike } from "../api/toggle-like";
import { DeletePostButton } from "./delete-post-button";
import { MediaGallery } from "./media-gallery";
import { PerkCard } from "./perk-card";
import type { PostSlots } from "./post-slots";

const phrases = defineMessages<{
  ppv: { price: string };
  editedAt: { date: string };
  like: { count: string };
  unlike: { count: string };
  comments: { count: string };
}>({
  ppv: { id: "posts.card.ppv", defaultMessage: "PPV {price}" },
  editedAt: { id: "posts.card.editedAt", defaultMessage: "Edited {date}" },
  like: { id: "posts.card.like", defaultMessage: "Like {count}" },
  unlike: { id: "posts.card.unlike", defaultMessage: "Unlike {count}" },
  comments: { id: "posts.card.comments", defaultMessage: "Comments {count}" },
});
const messages = defineMessages({
  subscribers: { id: "posts.card.subscribers", defaultMessage: "Subscribers" },
  unlockPpv: { id: "posts.card.unlockPpv", defaultMessage: "Unlock this post to see all of it." },
  subscribersOnly: { id: "posts.card.subscribersOnly", defaultMessage: "For subscribers only." },
  linkCopied: { id: "posts.card.linkCopied", defaultMessage: "Link copied" },
  copyFailed: { id: "posts.card.copyFailed", defaultMessage: "Copy failed" },
  edited: { id: "posts.card.edited", defaultMessage: "edited" },
  tags: { id: "posts.card.tags", defaultMessage: "Tags" },
  share: { id: "posts.card.share", defaultMessage: "Share" },
});

/** Counts as the card always wrote them, without grouping ("1234"), in the locale's digits. */
const COUNT = { useGrouping: false } as const;

export interface PostCardProps {
  post: PostView;
  /** The signed-in viewer's id; null when signed out (no like, comment or tip actions). */
  viewerId: string | null;
  slots?: PostSlots;
  /** Open the comments from the start (the post page). */
  isCommentsOpen?: boolean;
  /** After the author deleted the post (the post page navigates away). */
  onDeleted?: () => void;
}

// Loaded when the comments open: their form schema (zod) stays off the feed's first screen (Plaza issue 34).
const CommentsSection = lazy(() =>
  import("./comments-section").then((module) => ({ default: module.CommentsSection })),
);

// The author's Edit button comes with its dialog and form schema, so it loads after the card (Plaza issue 34).
const EditPostButton = lazy(() => import("./edit-post-dialog").then((module) => ({ default: module.EditPostButton })));

function PostTypeBadge({ post }: { post: PostView }) {
  const intl = useIntl();
  if (post.postType === "ppv") {
    return (
      <Badge variant="warning">
        {intl.formatMessage(phrases.ppv, { price: formatDollars(post.price ?? 0, intl.locale) })}
      </Badge>
    );
  }
  if (post.postType === "subscriber")
    return <Badge variant="secondary">{intl.formatMessage(messages.subscribers)}</Badge>;
  return null;
}

/** What a locked post shows when no money slot is given: its preview and a lock note. */
function DefaultLocked({ post }: { post: PostView }) {
  const intl = useIntl();
  return (
    <div className="mt-2 rounded-lg border border-dashed bg-gray-50 p-4 text-sm text-gray-600">
      <p dir="auto" className="whitespace-pre-wrap break-words">
        {post.content}
      </p>
      <p className="mt-2 flex items-center gap-1 font-medium">
        <Lock aria-hidden className="h-4 w-4" />
        {intl.formatMessage(post.postType === "ppv" ? messages.unlockPpv : messages.subscribersOnly)}
      </p>
    </div>
  );
}

/**
 * A post as docs/PRODUCT.md §2 shows it: author, title, content, time, media, like (optimistic in the query cache,
 * disabled while pending), comments, share, and the money slots (tip for non-authors; unlock overlay when locked).
 */
export function PostCard({ post, viewerId, slots, isCommentsOpen = false, onDeleted }: PostCardProps) {
  const intl = useIntl();
  const isAuthor = viewerId === post.authorId;
  // Likes live in the query cache (optimistic there), so the feed, the profile and the post page agree.
  const { isLiked, likeCount } = post;
  const [commentCount, setCommentCount] = useState(post.commentCount);
  const [showComments, setShowComments] = useState(isCommentsOpen);
  const toggleLike = useToggleLike(post.id);
  const author = post.author;
  const isLockedForViewer = post.isLocked && !isAuthor;

  const tip = !isAuthor && viewerId !== null ? slots?.renderTip?.(post) : null;

  const onLike = () => toggleLike.mutate(isLiked);

  const onShare = async () => {
    const link = `${window.location.origin}/posts/${post.id}`;
    try {
      await navigator.clipboard.writeText(link);
      toast({ title: intl.formatMessage(messages.linkCopied), description: link });
    } catch {
      toast({ title: intl.formatMessage(messages.copyFailed), description: link, variant: "destructive" });
    }
  };

  return (
    // One element for the card and its padding (Plaza issue 34: a feed renders dozens of cards; no wrappers in them).
    <div
      data-slot="card"
      data-testid="post-card"
      className="overflow-hidden rounded-lg border border-gray-200 bg-surface p-4 text-gray-900 shadow-sm"
    >
      <header className="flex items-start gap-3">
        {/* Each link of the card is a 44 px tap target (WCAG 2.5.5); the text links keep their line's height through
            negative margins, so the target grows and the card does not. */}
        <Link
          href={paths.profile(post.authorId)}
          aria-label={post.authorName}
          className="-m-0.5 flex size-11 shrink-0 items-center justify-center rounded-full"
        >
          <Avatar className="h-10 w-10">
            {author.profileImageUrl && <AvatarImage src={author.profileImageUrl} alt={post.authorName} />}
            <AvatarFallback>{(author.firstName ?? author.username).charAt(0).toUpperCase()}</AvatarFallback>
          </Avatar>
        </Link>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <Link
              href={paths.profile(post.authorId)}
              className="-my-2.5 inline-flex min-h-11 min-w-11 items-center font-semibold hover:underline"
            >
              {post.authorName}
            </Link>
            {author.isVerified && <VerifiedBadge />}
            <PostTypeBadge post={post} />
          </div>
          <p className="text-xs text-gray-500">
            <Link
              href={paths.post(post.id)}
              className="-my-2.5 inline-flex min-h-11 min-w-11 items-center hover:underline"
            >
              <RelativeTime value={post.createdAt} />
            </Link>
            {post.city && ` · ${post.city}`}
            {post.business && (
              <>
                {" · "}
                <Link
                  href={`/business/${post.business.id}`}
                  className="-my-2.5 inline-flex min-h-11 min-w-11 items-center gap-0.5 font-medium wrap-anywhere text-brand-700 hover:underline"
                  data-testid="post-place"
                >
                  <MapPin aria-hidden className="h-3 w-3 shrink-0" />
                  {post.business.name}
                </Link>
              </>
            )}
            {post.editedAt && (
              <span
                title={intl.formatMessage(phrases.editedAt, {
                  date: intl.formatDate(post.editedAt, {
                    year: "numeric",
                    month: "numeric",
                    day: "numeric",
                    hour: "numeric",
                    minute: "numeric",
                    second: "numeric",
                  }),
                })}
              >
                {" · "}
                {intl.formatMessage(messages.edited)}
              </span>
            )}
          </p>
        </div>
        {post.abilities.canEdit && (
          <Suspense fallback={null}>
            <EditPostButton post={post} />
          </Suspense>
        )}
        {post.abilities.canDelete && <DeletePostButton postId={post.id} onDeleted={onDeleted} />}
      </header>

      {post.title && (
        <h2 dir="auto" className="mt-3 text-lg font-semibold break-words">
          {post.title}
        </h2>
      )}
      {isLockedForViewer ? (
        (slots?.renderLocked?.(post) ?? <DefaultLocked post={post} />)
      ) : (
        <>
          <p dir="auto" className="mt-1 whitespace-pre-wrap break-words text-gray-800">
            {post.content}
          </p>
          <MediaGallery post={post} />
        </>
      )}
      {post.perk && <PerkCard perk={post.perk} authorName={post.authorName} />}
      {post.tags.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-1" aria-label={intl.formatMessage(messages.tags)}>
          {post.tags.map((tag) => (
            <li key={tag} className={badgeVariants({ variant: "outline" })}>
              #{tag}
            </li>
          ))}
        </ul>
      )}

      <footer className={cn("mt-3 flex items-center gap-1 border-t pt-2", tip && "[&>:last-child]:ms-auto")}>
        <Button
          variant="ghost"
          size="sm"
          onClick={onLike}
          disabled={toggleLike.isPending || !post.abilities.canLike}
          aria-pressed={isLiked}
          // The visible count is part of the name (WCAG 2.5.3): "Like 3".
          aria-label={intl.formatMessage(isLiked ? phrases.unlike : phrases.like, {
            count: intl.formatNumber(likeCount, COUNT),
          })}
        >
          <Heart aria-hidden className={cn(isLiked && "fill-red-500 text-red-500")} />
          <span data-testid="like-count">{intl.formatNumber(likeCount, COUNT)}</span>
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => setShowComments((open) => !open)}
          aria-expanded={showComments && !isLockedForViewer}
          // A locked post's comments are for those who see it whole (docs/PRODUCT.md "Closing the outside review").
          disabled={isLockedForViewer}
          aria-label={intl.formatMessage(phrases.comments, { count: intl.formatNumber(commentCount, COUNT) })}
        >
          <MessageCircle aria-hidden />
          <span data-testid="comment-count">{intl.formatNumber(commentCount, COUNT)}</span>
        </Button>
        <Button variant="ghost" size="sm" onClick={onShare} aria-label={intl.formatMessage(messages.share)}>
          <Share2 aria-hidden />
          <span className="hidden sm:inline">{intl.formatMessage(messages.share)}</span>
        </Button>
        {!isAuthor && viewerId !== null && slots?.renderReport?.(post)}
        {/* The Tip button, when there is one, is the footer's last element: pushed to the end edge. */}
        {tip}
      </footer>

      {showComments && !isLockedForViewer && (
        <Suspense fallback={null}>
          <CommentsSection
            postId={post.id}
            isCommentable={post.isCommentable}
            canComment={post.abilities.canComment}
            onCommentAdded={() => setCommentCount((count) => count + 1)}
            onCommentRemoved={() => setCommentCount((count) => Math.max(0, count - 1))}
          />
        </Suspense>
      )}
    </div>
  );
}
