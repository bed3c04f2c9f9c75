import type { SelfUserView } from "@plaza/contracts/users";
import { ShieldAlert } from "lucide-react";

/**
 * Tells a suspended account why every write is refused, before they try one (docs/PRODUCT.md "Accounts": a
 * suspended account signs in and reads, and gets 403 on every write): the reason and the end date an admin gave.
 */
export function SuspensionBanner({
  user,
}: {
  user: Pick<SelfUserView, "isSuspended" | "suspensionReason" | "suspendedUntil">;
}) {
  if (!user.isSuspended) return null;
  const until = user.suspendedUntil
    ? ` until ${new Date(user.suspendedUntil).toLocaleDateString(undefined, { dateStyle: "medium" })}`
    : "";
  return (
    <div role="status" className="border-b border-amber-200 bg-amber-50 text-amber-900" data-testid="suspension-banner">
      <div className="mx-auto flex max-w-6xl items-start gap-2 px-3 py-2 text-sm sm:px-4">
        <ShieldAlert aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
        <p className="min-w-0 break-words">
          <span className="font-semibold">Your account is suspended{until}.</span>{" "}
          {user.suspensionReason ? `Reason: ${user.suspensionReason}. ` : ""}
          You can still read, but you can't post, comment, like, message, pay or check in until it ends.
        </p>
      </div>
    </div>
  );
}
