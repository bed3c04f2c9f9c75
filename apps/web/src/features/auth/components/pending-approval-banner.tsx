import type { SelfUserView } from "@plaza/contracts/users";
import { Hourglass, ShieldAlert } from "lucide-react";
import { defineMessages, useIntl } from "react-intl";

// The web's own words for the contracts' PENDING_ACCOUNT_TITLE and INSTANCE_MESSAGES.accountPending (same English).
const messages = defineMessages({
  title: { id: "auth.pending.title", defaultMessage: "Waiting for approval." },
  text: {
    id: "auth.pending.text",
    defaultMessage:
      "Your account is waiting for approval. You can post, follow people and send messages once an administrator approves it.",
  },
  limitedTitle: { id: "auth.limited.title", defaultMessage: "Your account is limited." },
  limitedText: {
    id: "auth.limited.text",
    defaultMessage: "A moderator limited it: your posts are shown only to your followers.",
  },
  limitedHint: {
    id: "auth.limited.hint",
    defaultMessage: "The notice in your notifications says why, and you may appeal it once.",
  },
});

/**
 * Tells an account waiting for approval why posting, following and messaging are refused, before they try (CONTRACT.md
 * "Running a town's Plaza": it signs in and reads, and waits for an administrator); and a limited account that its
 * posts reach its followers only.
 */
export function PendingApprovalBanner({ user }: { user: Pick<SelfUserView, "status" | "isLimited"> }) {
  const intl = useIntl();
  if (user.status !== "pending") return user.isLimited ? <LimitedBanner /> : null;
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

/** A limited account (a moderator's action) is told so on every screen, pointing to its notice and appeal. */
function LimitedBanner() {
  const intl = useIntl();
  return (
    <div
      role="status"
      className="border-b border-amber-200 bg-amber-50 text-amber-900"
      data-testid="limited-account-banner"
    >
      <div className="mx-auto flex max-w-6xl items-start gap-2 px-3 py-2 text-sm sm:px-4">
        <ShieldAlert aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
        <p className="min-w-0 break-words">
          <span className="font-semibold">{intl.formatMessage(messages.limitedTitle)}</span>{" "}
          {intl.formatMessage(messages.limitedText)} {intl.formatMessage(messages.limitedHint)}
        </p>
      </div>
    </div>
  );
}
