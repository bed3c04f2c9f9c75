import { BUSINESS_TOASTS, checkInBody } from "@plaza/contracts/businesses";
import { CheckCircle2, KeyRound, MapPin, XCircle } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { ApiError, isUnauthorizedError } from "@/lib/api-client";
import { PlaceName } from "@/lib/place-name";
import { useCheckIn } from "../api/check-in";
import { useGeolocation } from "../hooks/use-geolocation";
import { StarPicker } from "./star-rating";

type StepState = "pending" | "done" | "failed";

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
  const [visitCode, setVisitCode] = useState(initialVisitCode);
  const [rating, setRating] = useState<number | null>(null);
  const [review, setReview] = useState("");
  const [failedStep, setFailedStep] = useState<"location" | "code" | null>(null);
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const checkIn = useCheckIn(businessId);

  const locationState: StepState =
    failedStep === "location" || locationError ? "failed" : position ? "done" : "pending";
  const codeState: StepState = failedStep === "code" ? "failed" : /^\d{6}$/.test(visitCode) ? "done" : "pending";

  function reset() {
    setVisitCode("");
    setRating(null);
    setReview("");
    setFailedStep(null);
    setServerMessage(null);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!position) return;
    const body = {
      latitude: position.latitude,
      longitude: position.longitude,
      visitCode,
      ...(rating === null ? {} : { rating }),
      ...(review.trim() ? { review: review.trim() } : {}),
    };
    const parsed = checkInBody.safeParse(body);
    if (!parsed.success) {
      setServerMessage(parsed.error.issues[0]?.message ?? "Invalid check-in");
      return;
    }
    setFailedStep(null);
    setServerMessage(null);
    checkIn.mutate(body, {
      onSuccess: () => {
        toast({ title: "Checked in", description: BUSINESS_TOASTS.checkedIn });
        reset();
        onOpenChange(false);
      },
      onError: (error) => {
        if (isUnauthorizedError(error)) return;
        const code = error instanceof ApiError ? error.body?.code : undefined;
        setFailedStep(code === "LOCATION_STEP_FAILED" ? "location" : code === "CODE_STEP_FAILED" ? "code" : null);
        const message = error instanceof ApiError ? (error.serverMessage ?? error.message) : error.message;
        setServerMessage(message);
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
        <form onSubmit={submit} className="space-y-4">
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
            <Label htmlFor="visit-code" className="font-medium">
              Step 2: visit code
            </Label>
            <p className="text-gray-600">Enter the 6-digit code displayed at the business.</p>
            <Input
              id="visit-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder="123456"
              className="mt-1 w-40 font-mono text-lg tracking-widest"
              value={visitCode}
              onChange={(event) => setVisitCode(event.target.value.replace(/\D/g, "").slice(0, 6))}
            />
          </StepLine>
          <div className="space-y-2 border-t pt-3">
            <p className="text-sm font-medium">Rate your visit (optional)</p>
            <StarPicker value={rating} onChange={setRating} />
            <Textarea
              aria-label="Review"
              placeholder="Write a review (needs a rating)"
              value={review}
              onChange={(event) => setReview(event.target.value)}
            />
          </div>
          {serverMessage && (
            <p role="alert" className="text-sm text-red-600">
              {serverMessage}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!position || !/^\d{6}$/.test(visitCode) || checkIn.isPending}>
              {checkIn.isPending ? "Checking in..." : "Check In"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
