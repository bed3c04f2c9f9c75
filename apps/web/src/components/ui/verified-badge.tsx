import { BadgeCheck } from "lucide-react";
import { defineMessages } from "react-intl";
import { cn } from "@/lib/cn";
import { useAppIntl } from "@/lib/use-app-intl";

const messages = defineMessages({
  title: { id: "shell.verified-badge.title", defaultMessage: "Verified account" },
  label: { id: "shell.verified-badge.label", defaultMessage: "Verified" },
});

/**
 * The verified-account badge shown next to a name wherever one appears (profiles, posts, comments, search,
 * reviews, business cards). Compact by default (a check mark that reads "Verified" to screen readers and on
 * hover); `withLabel` also writes the word, for the profile heading.
 */
export function VerifiedBadge({ withLabel = false, className }: { withLabel?: boolean; className?: string }) {
  const intl = useAppIntl();
  return (
    <span
      title={intl.formatMessage(messages.title)}
      data-testid="verified-badge"
      className={cn(
        "inline-flex shrink-0 items-center gap-1 align-middle text-brand-600",
        withLabel && "rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium",
        className,
      )}
    >
      <BadgeCheck aria-hidden className="h-4 w-4" />
      <span className={withLabel ? undefined : "sr-only"}>{intl.formatMessage(messages.label)}</span>
    </span>
  );
}
