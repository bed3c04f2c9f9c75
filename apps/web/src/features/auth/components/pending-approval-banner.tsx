import type { SelfUserView } from "@plaza/contracts/users";
import { Hourglass } from "lucide-react";
import { defineMessages, useIntl } from "react-intl";

// The web's own words for the contracts' PENDING_ACCOUNT_TITLE and INSTANCE_MESSAGES.accountPending (same English).
const messages = defineMessages({
  title: { id: "auth.pending.title", defaultMessage: "Waiting for approval." },
  text: {
    id: "auth.pending.text",
    defaultMessage:
      "Your account is waiting for approval. You can post, follow people and send messages once an administrator approves it.",
  },
});

/**
 * Tells an account waiting for approval why posting, following and messaging are refused, before they try (CONTRACT.md
 * "Running a town's Plaza": it signs in and reads, and waits for an administrator).
 */
export function PendingApprovalBanner({ user }: { user: Pick<SelfUserView, "status"> }) {
  const intl = useIntl();
  if (user.status !== "pending") return null;
  return (
    <div role="status" className="border-b border-sky-200 bg-sky-50 text-sky-900" data-testid="pending-approval-banner">
      <div className="mx-auto flex max-w-6xl items-start gap-2 px-3 py-2 text-sm sm:px-4">
        <Hourglass aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
        <p className="min-w-0 break-words">
          <span className="font-semibold">{intl.formatMessage(messages.title)}</span>{" "}
          {intl.formatMessage(messages.text)}
        </p>
      </div>
    </div>
  );
}
