import { type CheckInBody, type CheckInInput, checkInBody } from "@plaza/contracts/businesses";
import { BUSINESS_TOASTS } from "@plaza/contracts/businesses.texts";
import { useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, KeyRound, MapPin, XCircle } from "lucide-react";
import { useMemo, useState } from "react";
import { useWatch } from "react-hook-form";
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
import { operationQuery } from "@/lib/api";
import { ApiError, isUnauthorizedError } from "@/lib/api-client";
import { PlaceName } from "@/lib/place-name";
import { useCheckIn } from "../api/check-in";
import { useGeolocation } from "../hooks/use-geolocation";
import { StarPicker } from "./star-rating";

type StepState = "pending" | "done" | "failed";

/** What the customer types or picks; the position is added from the browser. */
const checkInFields = z.object({ visitCode: z.string(), rating: z.number().nullable(), review: z.string() });
const EMPTY_CHECK_IN: z.infer<typeof checkInFields> = { visitCode: "", rating: null, review: "" };

function StepLine({ state, icon, children }: { state: StepState; icon: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className="flex items-start gap-2 text-sm" data-step-state={state}>
      <span className="mt-0.5">
        {state === "done" ? (
          <CheckCircle2 aria-label="done" className="h-4 w-4 text-green-600" />
        ) : state === "failed" ? (
          <XCircle aria-label="failed" className="h-4 w-4 text-red-600" />
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
            toast({
              title: "Checked in",
              description: unlocked
                ? `${BUSINESS_TOASTS.checkedIn} ${BUSINESS_TOASTS.couponUnlocked(unlocked.title)}`
                : BUSINESS_TOASTS.checkedIn,
            });
          });
      },
      onError: (error) => {
        if (isUnauthorizedError(error)) return;
        const code = error instanceof ApiError ? error.body?.code : undefined;
        setFailedStep(code === "LOCATION_STEP_FAILED" ? "location" : code === "CODE_STEP_FAILED" ? "code" : null);
        const message = error instanceof ApiError ? (error.serverMessage ?? error.message) : error.message;
        form.setError(FORM_ERROR, { type: "server", message });
        toast({ title: "Check-in failed", description: message, variant: "destructive" });
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
          <DialogTitle>Check in at {businessName}</DialogTitle>
          <DialogDescription>
            Verified in two steps: your location, then the code shown at the business.
          </DialogDescription>
        </DialogHeader>
        <Form form={form} onSubmit={submit} pending={checkIn.isPending} className="space-y-4">
          <StepLine state={locationState} icon={<MapPin aria-hidden className="h-4 w-4 text-gray-500" />}>
            <p className="font-medium">Step 1: your location</p>
            {position ? (
              <p className="text-gray-600">
                Location found: <PlaceName latitude={position.latitude} longitude={position.longitude} />
              </p>
            ) : (
              <p className="text-gray-600">You need to be within 200 m of the business.</p>
            )}
            {locationError && <p className="text-red-600">{locationError}</p>}
            <Button type="button" variant="outline" size="sm" className="mt-1" onClick={locate} disabled={isLocating}>
              {isLocating ? "Locating..." : position ? "Update my location" : "Share my location"}
            </Button>
          </StepLine>
          <StepLine state={codeState} icon={<KeyRound aria-hidden className="h-4 w-4 text-gray-500" />}>
            <FormField
              name="visitCode"
              id="visit-code"
              label="Step 2: visit code"
              labelClassName="font-medium"
              description="Enter the 6-digit code displayed at the business."
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
            <p className="text-sm font-medium">Rate your visit (optional)</p>
            <StarPicker
              value={rating}
              onChange={(next) => {
                form.setValue("rating", next, { shouldDirty: true });
                form.clearErrors("rating");
              }}
            />
            {ratingError && <p className="text-sm text-red-600">{ratingError}</p>}
            <FormField name="review" className="space-y-0">
              {(field) => <Textarea aria-label="Review" placeholder="Write a review (needs a rating)" {...field} />}
            </FormField>
          </div>
          <FormMessage />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <FormSubmit pendingLabel="Checking in..." disabled={!position || !/^\d{6}$/.test(visitCode)}>
              Check In
            </FormSubmit>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
