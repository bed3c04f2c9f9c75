import { useEffect, useState } from "react";
import { defineMessages, type IntlShape } from "react-intl";
import { cn } from "@/lib/cn";
import { useAppIntl } from "@/lib/use-app-intl";

// The same words and steps as the contracts' presenceLabel (users.texts.ts), in the page's language.
const messages = defineMessages<{
  online: Record<string, never>;
  justNow: Record<string, never>;
  minutes: { minutes: number };
  hours: { hours: number };
  days: { days: number };
}>({
  online: { id: "shell.presence.online", defaultMessage: "Online now" },
  justNow: { id: "shell.presence.just-now", defaultMessage: "Active just now" },
  minutes: { id: "shell.presence.minutes", defaultMessage: "Active {minutes} min ago" },
  hours: { id: "shell.presence.hours", defaultMessage: "Active {hours} h ago" },
  days: { id: "shell.presence.days", defaultMessage: "Active {days} d ago" },
});

/**
 * "Online now", "Active 5 min ago", "Active 3 h ago", "Active 2 d ago"; null when they hide it, were never seen, or
 * were last seen a week ago or more.
 */
export function presenceText(
  intl: Pick<IntlShape, "formatMessage">,
  presence: { isOnline: boolean | null; lastActiveAt: string | null },
  now: number = Date.now(),
): string | null {
  if (presence.isOnline) return intl.formatMessage(messages.online);
  if (!presence.lastActiveAt) return null;
  const minutes = Math.max(0, Math.floor((now - new Date(presence.lastActiveAt).getTime()) / 60_000));
  if (minutes < 1) return intl.formatMessage(messages.justNow);
  if (minutes < 60) return intl.formatMessage(messages.minutes, { minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return intl.formatMessage(messages.hours, { hours });
  const days = Math.floor(hours / 24);
  return days < 7 ? intl.formatMessage(messages.days, { days }) : null;
}

/**
 * "Online now" (with a green dot) or "Active 5 min ago", from someone's isOnline / lastActiveAt; nothing when they
 * hide it or were never seen. Re-reads the clock every minute so "5 min ago" stays true.
 */
export function PresenceLabel({
  isOnline,
  lastActiveAt,
  className,
}: {
  isOnline: boolean | null | undefined;
  lastActiveAt: string | null | undefined;
  className?: string;
}) {
  const intl = useAppIntl();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const label = presenceText(intl, { isOnline: isOnline ?? null, lastActiveAt: lastActiveAt ?? null }, now);
  if (!label) return null;
  return (
    <span
      className={cn("inline-flex min-w-0 items-center gap-1.5 text-xs text-gray-600", className)}
      data-testid="presence-label"
    >
      {isOnline && <span aria-hidden className="h-2 w-2 shrink-0 rounded-full bg-green-500" />}
      <span className="truncate">{label}</span>
    </span>
  );
}
