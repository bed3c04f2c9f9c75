import { lazy, Suspense, useState } from "react";
import { defineMessages, useIntl } from "react-intl";
import { useSearch } from "wouter";
import { Button } from "@/components/ui/button";
import { useBusinessOfUser } from "../api/get-business-of-user";

// Loaded on opening: the dialog's form schema (zod) stays off the profile's first render (Plaza issue 34).
const CheckInDialog = lazy(() => import("./check-in-dialog").then((module) => ({ default: module.CheckInDialog })));

const messages = defineMessages({
  checkIn: { id: "businesses.checkInButton.label", defaultMessage: "Check In" },
});

/**
 * The profile's Check In button: opens the two-step check-in for the owner's published business. Arriving from the
 * dashboard's QR code (`?visitCode=123456`) opens it at once with the code filled in.
 */
export function BusinessCheckInButton({ ownerId }: { ownerId: string }) {
  const intl = useIntl();
  const { data: business } = useBusinessOfUser(ownerId);
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
