import { Star } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { defineMessages, useIntl } from "react-intl";
import { useSearch } from "wouter";
import { Button } from "@/components/ui/button";
import { useBusinessOfUser } from "../api/get-business-of-user";
import { useMyVisit } from "../api/rate-visit";

// Loaded on opening: the dialog's form schema (zod) stays off the profile's first render (Plaza issue 34).
const CheckInDialog = lazy(() => import("./check-in-dialog").then((module) => ({ default: module.CheckInDialog })));

const RateVisitDialog = lazy(() =>
  import("./rate-visit-dialog").then((module) => ({ default: module.RateVisitDialog })),
);

const messages = defineMessages({
  checkIn: { id: "businesses.checkInButton.label", defaultMessage: "Check In" },
  rateVisit: { id: "businesses.checkInButton.rateVisit", defaultMessage: "Rate your visit" },
});

/**
 * The profile's Check In button: opens the two-step check-in for the owner's published business. Arriving from the
 * dashboard's QR code (`?visitCode=123456`) opens it at once with the code filled in. Beside it, for a signed-in
 * visitor whose latest verified visit has no rating yet (admitted at one of its events, or checked in without stars),
 * "Rate your visit".
 */
export function BusinessCheckInButton({ ownerId, isSignedIn = false }: { ownerId: string; isSignedIn?: boolean }) {
  const intl = useIntl();
  const { data: business } = useBusinessOfUser(ownerId);
  const visit = useMyVisit(business?.id ?? "", isSignedIn && business?.isPublished === true);
  const [isRating, setRating] = useState(false);
  const scannedCode = new URLSearchParams(useSearch()).get("visitCode") ?? "";
  const hasScannedCode = /^\d{6}$/.test(scannedCode);
  const [open, setOpen] = useState(hasScannedCode);
  if (!business?.isPublished) {
    return (
      <Button variant="outline" disabled>
        {intl.formatMessage(messages.checkIn)}
      </Button>
    );
  }
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        {intl.formatMessage(messages.checkIn)}
      </Button>
      {visit.data?.canRate && (
        <Button variant="outline" onClick={() => setRating(true)}>
          <Star aria-hidden /> {intl.formatMessage(messages.rateVisit)}
        </Button>
      )}
      {isRating && (
        <Suspense fallback={null}>
          <RateVisitDialog businessId={business.id} businessName={business.name} onOpenChange={setRating} />
        </Suspense>
      )}
      {open && (
        <Suspense fallback={null}>
          <CheckInDialog
            businessId={business.id}
            businessName={business.name}
            open
            onOpenChange={setOpen}
            initialVisitCode={hasScannedCode ? scannedCode : ""}
          />
        </Suspense>
      )}
    </>
  );
}
