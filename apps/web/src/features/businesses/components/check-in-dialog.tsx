import { type CheckInBody, type CheckInInput, checkInBody } from "@plaza/contracts/businesses";
import { useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, KeyRound, MapPin, XCircle } from "lucide-react";
import { useMemo, useState } from "react";
import { useWatch } from "react-hook-form";
import { defineMessages, FormattedMessage, type MessageValue, useIntl } from "react-intl";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { FORM_ERROR, Form, FormField, FormMessage, FormSubmit, useZodForm } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { useText } from "@/i18n/texts";
import { operationQuery } from "@/lib/api";
import { ApiError, isUnauthorizedError } from "@/lib/api-client";
import { PlaceName } from "@/lib/place-name";
import { useCheckIn } from "../api/check-in";
import { useGeolocation } from "../hooks/use-geolocation";
import { TOAST_MESSAGES, TOAST_PHRASES } from "../lib/business-texts";
import { StarPicker } from "./star-rating";

type StepState = "pending" | "done" | "failed";

const phrases = defineMessages<{
  title: { businessName: string | number };
  locationFound: { place: MessageValue };
}>({
  title: { id: "businesses.checkIn.title", defaultMessage: "Check in at {businessName}" },
  locationFound: { id: "businesses.checkIn.locationFound", defaultMessage: "Location found: {place}" },
});
const messages = defineMessages({
  done: { id: "businesses.checkIn.stepDone", defaultMessage: "done" },
  failed: { id: "businesses.checkIn.stepFailed", defaultMessage: "failed" },
  checkedIn: { id: "businesses.checkIn.checkedIn", defaultMessage: "Checked in" },
  checkInFailed: { id: "businesses.checkIn.failed", defaultMessage: "Check-in failed" },
  description: {
    id: "businesses.checkIn.description",
    defaultMessage: "Verified in two steps: your location, then the code shown at the business.",
  },
  stepLocation: { id: "businesses.checkIn.stepLocation", defaultMessage: "Step 1: your location" },
  withinDistance: {
    id: "businesses.checkIn.withinDistance",
    defaultMessage: "You need to be within 200 m of the business.",
  },
  locating: { id: "businesses.checkIn.locating", defaultMessage: "Locating..." },
  updateLocation: { id: "businesses.checkIn.updateLocation", defaultMessage: "Update my location" },
  shareLocation: { id: "businesses.checkIn.shareLocation", defaultMessage: "Share my location" },
  stepCode: { id: "businesses.checkIn.stepCode", defaultMessage: "Step 2: visit code" },
  codeHint: { id: "businesses.checkIn.codeHint", defaultMessage: "Enter the 6-digit code displayed at the business." },
  rateVisit: { id: "businesses.checkIn.rateVisit", defaultMessage: "Rate your visit (optional)" },
  review: { id: "businesses.checkIn.review", defaultMessage: "Review" },
  reviewPlaceholder: { id: "businesses.checkIn.reviewPlaceholder", defaultMessage: "Write a review (needs a rating)" },
  cancel: { id: "businesses.checkIn.cancel", defaultMessage: "Cancel" },
  checkingIn: { id: "businesses.checkIn.checkingIn", defaultMessage: "Checking in..." },
  submit: { id: "businesses.checkIn.submit", defaultMessage: "Check In" },
});

/** What the customer types or picks; the position is added from the browser. */
const checkInFields = z.object({ visitCode: z.string(), rating: z.number().nullable(), review: z.string() });
const EMPTY_CHECK_IN: z.infer<typeof checkInFields> = { visitCode: "", rating: null, review: "" };

function StepLine({ state, icon, children }: { state: StepState; icon: React.ReactNode; children: React.ReactNode }) {
  const intl = useIntl();
  return (
    <div className="flex items-start gap-2 text-sm" data-step-state={state}>
      <span className="mt-0.5">
        {state === "done" ? (
          <CheckCircle2 aria-label={intl.formatMessage(messages.done)} className="h-4 w-4 text-green-600" />
        ) : state === "failed" ? (
          <XCircle aria-label={intl.formatMessage(messages.failed)} className="h-4 w-4 text-red-600" />
        ) : (
          icon
        )}
      </span>
      <div className="flex-1">{children}</div>
    </div>
  );
}

/**
 * Two-step verified check-in: step 1 the browser's position (within 200 m of the business), step 2 the visit
 * code shown at the business. An optional 1–5 star rating and review ride on it. A refusal says which step failed.
 */
export function CheckInDialog({
  businessId,
  businessName,
  open,
  onOpenChange,
  initialVisitCode = "",
}: {
  businessId: string;
  businessName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The code from a scanned QR code, filled in for the customer. */
  initialVisitCode?: string;
}) {
  const intl = useIntl();
  const text = useText();
  const { position, error: locationError, isLocating, locate } = useGeolocation();
  // The position is the browser's, not typed: it joins the typed fields before the contract checks them all.
  const schema = useMemo(
    () =>
      checkInFields
        .transform(
          ({ visitCode, rating, review }): CheckInInput => ({
            latitude: position?.latitude ?? Number.NaN,
            longitude: position?.longitude ?? Number.NaN,
            visitCode,
            ...(rating === null ? {} : { rating }),
            ...(review.trim() ? { review: review.trim() } : {}),
          }),
        )
        .pipe(checkInBody),
    [position],
  );
  const form = useZodForm(schema, { defaultValues: { ...EMPTY_CHECK_IN, visitCode: initialVisitCode } });
  const [visitCode, rating] = useWatch({ control: form.control, name: ["visitCode", "rating"] });
  const [failedStep, setFailedStep] = useState<"location" | "code" | null>(null);
  const checkIn = useCheckIn(businessId);
  const queryClient = useQueryClient();
  const ratingError = form.formState.errors.rating?.message;

  const locationState: StepState =
    failedStep === "location" || locationError ? "failed" : position ? "done" : "pending";
  const codeState: StepState = failedStep === "code" ? "failed" : /^\d{6}$/.test(visitCode) ? "done" : "pending";

  function reset() {
    form.reset(EMPTY_CHECK_IN);
    setFailedStep(null);
  }

  function submit(body: CheckInBody) {
    setFailedStep(null);
    checkIn.mutate(body, {
      onSuccess: () => {
        reset();
        onOpenChange(false);
        // Point to what the visit unlocked: the business's coupons the customer can now redeem.
        void queryClient
          .fetchQuery({
            ...operationQuery("getBusinessesByIdCoupons", { params: { path: { id: businessId } } }),
            staleTime: 0,
          })
          .catch(() => [])
          .then((coupons) => {
            const unlocked = coupons.find((coupon) => coupon.canRedeem);
            const checkedIn = intl.formatMessage(TOAST_MESSAGES.checkedIn);
            toast({
              title: intl.formatMessage(messages.checkedIn),
              description: unlocked
                ? `${checkedIn} ${intl.formatMessage(TOAST_PHRASES.couponUnlocked, { title: unlocked.title })}`
                : checkedIn,
            });
          });
      },
      onError: (error) => {
        if (isUnauthorizedError(error)) return;
        const code = error instanceof ApiError ? error.body?.code : undefined;
        setFailedStep(code === "LOCATION_STEP_FAILED" ? "location" : code === "CODE_STEP_FAILED" ? "code" : null);
        const message = error instanceof ApiError ? (error.serverMessage ?? error.message) : error.message;
        form.setError(FORM_ERROR, { type: "server", message });
        toast({
          title: intl.formatMessage(messages.checkInFailed),
          description: text(message),
          variant: "destructive",
        });
      },
    });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
    >
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{intl.formatMessage(phrases.title, { businessName })}</DialogTitle>
          <DialogDescription>{intl.formatMessage(messages.description)}</DialogDescription>
        </DialogHeader>
        <Form form={form} onSubmit={submit} pending={checkIn.isPending} className="space-y-4">
          <StepLine state={locationState} icon={<MapPin aria-hidden className="h-4 w-4 text-gray-500" />}>
            <p className="font-medium">{intl.formatMessage(messages.stepLocation)}</p>
            {position ? (
              <p className="text-gray-600">
                <FormattedMessage
                  {...phrases.locationFound}
                  values={{ place: <PlaceName latitude={position.latitude} longitude={position.longitude} /> }}
                />
              </p>
            ) : (
              <p className="text-gray-600">{intl.formatMessage(messages.withinDistance)}</p>
            )}
            {locationError && <p className="text-red-600">{locationError}</p>}
            <Button type="button" variant="outline" size="sm" className="mt-1" onClick={locate} disabled={isLocating}>
              {intl.formatMessage(
                isLocating ? messages.locating : position ? messages.updateLocation : messages.shareLocation,
              )}
            </Button>
          </StepLine>
          <StepLine state={codeState} icon={<KeyRound aria-hidden className="h-4 w-4 text-gray-500" />}>
            <FormField
              name="visitCode"
              id="visit-code"
              label={intl.formatMessage(messages.stepCode)}
              labelClassName="font-medium"
              description={intl.formatMessage(messages.codeHint)}
              className="space-y-0"
            >
              {({ onChange, ...field }) => (
                <Input
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  placeholder="123456"
                  className="mt-1 w-40 font-mono text-lg tracking-widest"
                  onChange={(event) => onChange(event.target.value.replace(/\D/g, "").slice(0, 6))}
                  {...field}
                />
              )}
            </FormField>
          </StepLine>
          <div className="space-y-2 border-t pt-3">
            <p className="text-sm font-medium">{intl.formatMessage(messages.rateVisit)}</p>
            <StarPicker
              value={rating}
              onChange={(next) => {
                form.setValue("rating", next, { shouldDirty: true });
                form.clearErrors("rating");
              }}
            />
            {ratingError && <p className="text-sm text-red-600">{text(ratingError)}</p>}
            <FormField name="review" className="space-y-0">
              {(field) => (
                <Textarea
                  aria-label={intl.formatMessage(messages.review)}
                  placeholder={intl.formatMessage(messages.reviewPlaceholder)}
                  {...field}
                />
              )}
            </FormField>
          </div>
          <FormMessage />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {intl.formatMessage(messages.cancel)}
            </Button>
            <FormSubmit
              pendingLabel={intl.formatMessage(messages.checkingIn)}
              disabled={!position || !/^\d{6}$/.test(visitCode)}
            >
              {intl.formatMessage(messages.submit)}
            </FormSubmit>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
