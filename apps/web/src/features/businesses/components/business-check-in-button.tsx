import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useBusinessOfUser } from "../api/get-business-of-user";
import { CheckInDialog } from "./check-in-dialog";

/** The profile's Check In button: opens the two-step check-in for the owner's published business. */
export function BusinessCheckInButton({ ownerId }: { ownerId: string }) {
  const { data: business } = useBusinessOfUser(ownerId);
  const [open, setOpen] = useState(false);
  if (!business?.isPublished) {
    return (
      <Button variant="outline" disabled>
        Check In
      </Button>
    );
  }
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        Check In
      </Button>
      {open && <CheckInDialog businessId={business.id} businessName={business.name} open onOpenChange={setOpen} />}
    </>
  );
}
