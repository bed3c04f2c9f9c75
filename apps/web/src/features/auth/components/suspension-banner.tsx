import type { SelfUserView } from "@plaza/contracts/users";
import { ShieldAlert } from "lucide-react";
import { defineMessage, defineMessages, useIntl } from "react-intl";

const messages = defineMessages({
  suspended: { id: "auth.suspension.suspended", defaultMessage: "Your account is suspended." },
  suspendedUntil: defineMessage<{ date: string }>({
    id: "auth.suspension.suspendedUntil",
    defaultMessage: "Your account is suspended until {date}.",
  }),
  reason: defineMessage<{ reason: string }>({ id: "auth.suspension.reason", defaultMessage: "Reason: {reason}." }),
  limits: {
    id: "auth.suspension.limits",
    defaultMessage: "You can still read, but you can't post, comment, like, message, pay or check in until it ends.",
  },
});

/**
 * Tells a suspended account why every write is refused, before they try one (docs/PRODUCT.md "Accounts": a
 * suspended account signs in and reads, and gets 403 on every write): the reason and the end date an admin gave.
 */
export function SuspensionBanner({
  user,
}: {
  user: Pick<SelfUserView, "isSuspended" | "suspensionReason" | "suspendedUntil">;
}) {
  const intl = useIntl();
  if (!user.isSuspended) return null;
  const title = user.suspendedUntil
    ? intl.formatMessage(messages.suspendedUntil, {
        date: intl.formatDate(user.suspendedUntil, { dateStyle: "medium" }),
      })
    : intl.formatMessage(messages.suspended);
  return (
    <div role="status" className="border-b border-amber-200 bg-amber-50 text-amber-900" data-testid="suspension-banner">
      <div className="mx-auto flex max-w-6xl items-start gap-2 px-3 py-2 text-sm sm:px-4">
        <ShieldAlert aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
        <p className="min-w-0 break-words">
          <span className="font-semibold">{title}</span>{" "}
          {user.suspensionReason ? `${intl.formatMessage(messages.reason, { reason: user.suspensionReason })} ` : ""}
          {intl.formatMessage(messages.limits)}
        </p>
      </div>
    </div>
  );
}
