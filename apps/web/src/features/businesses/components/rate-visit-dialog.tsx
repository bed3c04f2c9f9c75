import { REVIEW_MAX_LENGTH } from "@plaza/contracts/checkins.texts";
import { type FormEvent, useState } from "react";
import { defineMessage, defineMessages, useIntl } from "react-intl";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { useText } from "@/i18n/texts";
import { failureMessage } from "@/lib/api-client";
import { useRateVisit } from "../api/rate-visit";
import { StarPicker } from "./star-rating";

const messages = defineMessages({
  description: {
    id: "businesses.rateVisit.description",
    defaultMessage: "Your visit was verified, so your review shows with a Verified visit badge.",
  },
  review: { id: "businesses.rateVisit.review", defaultMessage: "Review" },
  reviewPlaceholder: { id: "businesses.rateVisit.reviewPlaceholder", defaultMessage: "What was it like? (optional)" },
  pickStars: { id: "businesses.rateVisit.pickStars", defaultMessage: "Pick 1 to 5 stars" },
  cancel: { id: "businesses.rateVisit.cancel", defaultMessage: "Cancel" },
  submit: { id: "businesses.rateVisit.submit", defaultMessage: "Post review" },
  posting: { id: "businesses.rateVisit.posting", defaultMessage: "Posting..." },
  posted: { id: "businesses.rateVisit.posted", defaultMessage: "Thanks for your review" },
  failed: { id: "businesses.rateVisit.failed", defaultMessage: "Could not post the review." },
});
const title = defineMessage<{ businessName: string }>({
  id: "businesses.rateVisit.title",
  defaultMessage: "Rate your visit to {businessName}",
});

/**
 * Rates a verified visit that has no rating yet (a door admission at one of the business's events, or a check-in made
 * without stars): 1-5 stars and an optional review (POST /api/businesses/{id}/reviews).
 */
export function RateVisitDialog({
  businessId,
  businessName,
  onOpenChange,
}: {
  businessId: string;
  businessName: string;
  onOpenChange: (open: boolean) => void;
}) {
  const intl = useIntl();
  const text = useText();
  const rate = useRateVisit(businessId);
  const [rating, setRating] = useState<number | null>(null);
  const [review, setReview] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rating === null) return;
    rate.mutate(
      { rating, ...(review.trim() ? { review: review.trim() } : {}) },
      {
        onSuccess: () => {
          toast({ title: intl.formatMessage(messages.posted) });
          onOpenChange(false);
        },
      },
    );
  };
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{intl.formatMessage(title, { businessName })}</DialogTitle>
          <DialogDescription>{intl.formatMessage(messages.description)}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="space-y-3">
          <StarPicker value={rating} onChange={setRating} />
          {rating === null && <p className="text-sm text-gray-600">{intl.formatMessage(messages.pickStars)}</p>}
          <Textarea
            aria-label={intl.formatMessage(messages.review)}
            placeholder={intl.formatMessage(messages.reviewPlaceholder)}
            value={review}
            maxLength={REVIEW_MAX_LENGTH}
            onChange={(event) => setReview(event.target.value)}
          />
          {rate.error && (
            <p role="alert" className="text-sm text-red-600">
              {text(failureMessage(rate.error, intl.formatMessage(messages.failed)))}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {intl.formatMessage(messages.cancel)}
            </Button>
            <Button type="submit" disabled={rating === null || rate.isPending}>
              {rate.isPending ? intl.formatMessage(messages.posting) : intl.formatMessage(messages.submit)}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
