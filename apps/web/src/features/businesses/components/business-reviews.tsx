import type { BusinessView } from "@plaza/contracts/businesses";
import { type ReviewReplyBody, type ReviewView, reviewReplyBody } from "@plaza/contracts/checkins";
import { REVIEW_REPLY_MAX_LENGTH } from "@plaza/contracts/checkins.texts";
import { displayName } from "@plaza/contracts/users.texts";
import { BadgeCheck, MessageSquareReply, Pencil, Star, Trash2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { defineMessages, useIntl } from "react-intl";
import { Link } from "wouter";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Form, FormField, FormSubmit, useZodForm } from "@/components/ui/form";
import { LoadMore } from "@/components/ui/load-more";
import { RelativeTime } from "@/components/ui/relative-time";
import { SkeletonList } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { VerifiedBadge } from "@/components/ui/verified-badge";
import { paths } from "@/lib/paths";
import { useBusinessReviews, useReviewReply } from "../api/get-reviews";
import { formatRating, StarRating } from "./star-rating";

const phrases = defineMessages<{
  reviewCount: { count: number };
  starRow: { stars: string | number };
  replyLength: { length: string | number; max: string | number };
}>({
  reviewCount: {
    id: "businesses.reviews.count",
    defaultMessage: "{count, plural, one {# review} other {# reviews}}",
  },
  starRow: { id: "businesses.reviews.starRow", defaultMessage: "{stars} star" },
  replyLength: { id: "businesses.reviews.replyLength", defaultMessage: "{length}/{max}" },
});
const messages = defineMessages({
  somethingWentWrong: {
    id: "businesses.reviews.somethingWentWrong",
    defaultMessage: "Something went wrong. Please try again.",
  },
  couldNotReply: { id: "businesses.reviews.couldNotReply", defaultMessage: "Could not reply" },
  couldNotDeleteReply: { id: "businesses.reviews.couldNotDeleteReply", defaultMessage: "Could not delete the reply" },
  cancel: { id: "businesses.reviews.cancel", defaultMessage: "Cancel" },
  saveReply: { id: "businesses.reviews.saveReply", defaultMessage: "Save reply" },
  postReply: { id: "businesses.reviews.postReply", defaultMessage: "Post reply" },
  ratingSummary: { id: "businesses.reviews.ratingSummary", defaultMessage: "Rating summary" },
  loading: { id: "businesses.reviews.loading", defaultMessage: "Loading reviews..." },
  empty: { id: "businesses.reviews.empty", defaultMessage: "No reviews yet" },
  emptyHint: {
    id: "businesses.reviews.emptyHint",
    defaultMessage: "Reviews come from verified visits: check in, then rate the place.",
  },
  verifiedVisit: { id: "businesses.reviews.verifiedVisit", defaultMessage: "Verified visit" },
  ownerReply: { id: "businesses.reviews.ownerReply", defaultMessage: "Response from the owner" },
  reply: { id: "businesses.reviews.reply", defaultMessage: "Reply" },
  editReply: { id: "businesses.reviews.editReply", defaultMessage: "Edit reply" },
  deleteReply: { id: "businesses.reviews.deleteReply", defaultMessage: "Delete reply" },
  replySaved: { id: "businesses.reviews.replySaved", defaultMessage: "Reply posted" },
  replyDeleted: { id: "businesses.reviews.replyDeleted", defaultMessage: "Reply deleted" },
  replyPlaceholder: {
    id: "businesses.reviews.replyPlaceholder",
    defaultMessage: "Thank the reviewer or answer their points",
  },
});

/** The owner's inline reply editor: posts a new reply or saves an edited one. */
function ReplyForm({ businessId, review, onDone }: { businessId: string; review: ReviewView; onDone: () => void }) {
  const intl = useIntl();
  const form = useZodForm(reviewReplyBody, { defaultValues: { text: review.ownerReply?.text ?? "" } });
  const text = form.watch("text");
  const reply = useReviewReply(businessId);
  const submit = ({ text: replyText }: ReviewReplyBody) =>
    reply.mutate(
      { reviewId: review.id, text: replyText },
      {
        onSuccess: () => {
          toast({ title: intl.formatMessage(messages.replySaved) });
          onDone();
        },
        onError: (error) =>
          toastFailure(
            error,
            intl.formatMessage(messages.somethingWentWrong),
            intl.formatMessage(messages.couldNotReply),
          ),
      },
    );
  return (
    <Form form={form} onSubmit={submit} pending={reply.isPending} className="mt-3 space-y-2">
      <FormField
        name="text"
        id={`reply-${review.id}`}
        label={intl.formatMessage(messages.reply)}
        labelClassName="sr-only"
        className="space-y-0"
      >
        {(field) => (
          <Textarea
            maxLength={REVIEW_REPLY_MAX_LENGTH}
            placeholder={intl.formatMessage(messages.replyPlaceholder)}
            rows={3}
            {...field}
          />
        )}
      </FormField>
      <div className="flex flex-wrap items-center justify-end gap-2">
        <span className="me-auto text-xs text-gray-500">
          {intl.formatMessage(phrases.replyLength, {
            length: intl.formatNumber(text.length, { useGrouping: false }),
            max: intl.formatNumber(REVIEW_REPLY_MAX_LENGTH, { useGrouping: false }),
          })}
        </span>
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>
          {intl.formatMessage(messages.cancel)}
        </Button>
        <FormSubmit size="sm" disabled={text.trim().length === 0}>
          {intl.formatMessage(review.ownerReply ? messages.saveReply : messages.postReply)}
        </FormSubmit>
      </div>
    </Form>
  );
}

/** Actions a page adds to each review (e.g. Report), beside the owner's reply controls. */
export type RenderReviewActions = (review: ReviewView) => ReactNode;

function ReviewItem({
  businessId,
  review,
  isOwner,
  renderActions,
}: {
  businessId: string;
  review: ReviewView;
  isOwner: boolean;
  renderActions?: RenderReviewActions;
}) {
  const intl = useIntl();
  const [isEditing, setIsEditing] = useState(false);
  const reply = useReviewReply(businessId);
  const name = displayName(review.user);
  const removeReply = () =>
    reply.mutate(
      { reviewId: review.id, text: null },
      {
        onSuccess: () => toast({ title: intl.formatMessage(messages.replyDeleted) }),
        onError: (error) =>
          toastFailure(
            error,
            intl.formatMessage(messages.somethingWentWrong),
            intl.formatMessage(messages.couldNotDeleteReply),
          ),
      },
    );
  return (
    <li className="rounded-lg border p-3" data-testid="review">
      <div className="flex items-start gap-3">
        <Link href={paths.profile(review.user.id)} aria-label={name} className="shrink-0">
          <Avatar className="h-9 w-9">
            {review.user.profileImageUrl && <AvatarImage src={review.user.profileImageUrl} alt={name} />}
            <AvatarFallback>{name.charAt(0).toUpperCase()}</AvatarFallback>
          </Avatar>
        </Link>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <Link href={paths.profile(review.user.id)} className="min-w-0 font-medium wrap-anywhere hover:underline">
              {name}
            </Link>
            {review.user.isVerified && <VerifiedBadge />}
            <RelativeTime value={review.createdAt} className="text-xs text-gray-500" />
          </div>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <StarRating rating={review.rating} />
            {review.verifiedVisit && (
              <Badge variant="success">
                <BadgeCheck aria-hidden />
                {intl.formatMessage(messages.verifiedVisit)}
              </Badge>
            )}
          </div>
          {review.review && (
            <p className="mt-2 text-sm whitespace-pre-wrap text-gray-800 wrap-anywhere">{review.review}</p>
          )}

          {review.ownerReply && !isEditing && (
            <div className="mt-3 rounded-md border-s-4 border-brand-500 bg-gray-50 px-3 py-2" data-testid="owner-reply">
              <p className="text-xs font-medium text-gray-600">
                {intl.formatMessage(messages.ownerReply)} · <RelativeTime value={review.ownerReply.createdAt} />
              </p>
              <p className="mt-1 text-sm whitespace-pre-wrap text-gray-800 wrap-anywhere">{review.ownerReply.text}</p>
            </div>
          )}
          {isOwner && isEditing && (
            <ReplyForm businessId={businessId} review={review} onDone={() => setIsEditing(false)} />
          )}
          {!isEditing && (isOwner || renderActions) && (
            <div className="mt-2 flex flex-wrap justify-end gap-2">
              {renderActions?.(review)}
              {!isOwner ? null : review.ownerReply ? (
                <>
                  <Button variant="ghost" size="sm" onClick={() => setIsEditing(true)}>
                    <Pencil aria-hidden /> {intl.formatMessage(messages.editReply)}
                  </Button>
                  <Button variant="ghost" size="sm" onClick={removeReply} disabled={reply.isPending}>
                    <Trash2 aria-hidden /> {intl.formatMessage(messages.deleteReply)}
                  </Button>
                </>
              ) : (
                <Button variant="outline" size="sm" onClick={() => setIsEditing(true)}>
                  <MessageSquareReply aria-hidden className="rtl:-scale-x-100" /> {intl.formatMessage(messages.reply)}
                </Button>
              )}
            </div>
          )}
        </div>
      </div>
    </li>
  );
}

/** Yelp's summary above the reviews: the average, the number of reviews and a bar with the count of each star. */
export function RatingSummary({ business }: { business: BusinessView }) {
  const intl = useIntl();
  const counts = business.ratingCounts;
  if (!counts || business.totalReviews === 0) return null;
  const most = Math.max(1, ...Object.values(counts));
  return (
    <section
      className="flex flex-col gap-4 rounded-xl border p-4 sm:flex-row sm:items-center"
      aria-label={intl.formatMessage(messages.ratingSummary)}
      data-testid="rating-summary"
    >
      <div className="shrink-0 text-center sm:w-32">
        <p className="text-4xl font-bold">{formatRating(intl, business.averageRating)}</p>
        <StarRating rating={business.averageRating} />
        <p className="text-sm text-gray-600">
          {intl.formatMessage(phrases.reviewCount, { count: business.totalReviews })}
        </p>
      </div>
      <ol className="min-w-0 flex-1 space-y-1">
        {(["5", "4", "3", "2", "1"] as const).map((stars) => (
          <li key={stars} className="flex items-center gap-2 text-sm">
            <span className="w-12 shrink-0 whitespace-nowrap text-gray-700">
              {intl.formatMessage(phrases.starRow, { stars: Number(stars) })}
            </span>
            <span className="h-2.5 min-w-0 flex-1 overflow-hidden rounded-full bg-gray-100" aria-hidden>
              <span
                className="block h-full rounded-full bg-amber-400"
                style={{ width: `${(counts[stars] / most) * 100}%` }}
              />
            </span>
            <span className="w-8 shrink-0 text-end text-gray-700 tabular-nums" data-testid={`rating-count-${stars}`}>
              {intl.formatNumber(counts[stars])}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * The Reviews tab of a business page and of the owner's dashboard: verified reviews for everyone, newest first; the
 * owner replies, edits and deletes the reply inline.
 */
export function BusinessReviews({
  businessId,
  isOwner,
  renderReviewActions,
}: {
  businessId: string;
  isOwner: boolean;
  renderReviewActions?: RenderReviewActions;
}) {
  const intl = useIntl();
  const reviews = useBusinessReviews(businessId);
  if (reviews.isLoading) {
    return <SkeletonList label={intl.formatMessage(messages.loading)} count={3} itemClassName="h-24" />;
  }
  const items = reviews.data?.pages.flatMap((page) => page.data) ?? [];
  if (items.length === 0) {
    return (
      <EmptyState
        icon={Star}
        title={intl.formatMessage(messages.empty)}
        description={intl.formatMessage(messages.emptyHint)}
      />
    );
  }
  return (
    <div className="space-y-3">
      <ul className="space-y-3">
        {items.map((review) => (
          <ReviewItem
            key={review.id}
            businessId={businessId}
            review={review}
            isOwner={isOwner}
            renderActions={renderReviewActions}
          />
        ))}
      </ul>
      <LoadMore
        hasNextPage={reviews.hasNextPage}
        isFetchingNextPage={reviews.isFetchingNextPage}
        onLoadMore={() => void reviews.fetchNextPage()}
      />
    </div>
  );
}
