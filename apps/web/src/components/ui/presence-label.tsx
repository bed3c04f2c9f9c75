import { presenceLabel } from "@plaza/contracts/users.texts";
import { useEffect, useState } from "react";
import { cn } from "@/lib/cn";

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
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const label = presenceLabel({ isOnline: isOnline ?? null, lastActiveAt: lastActiveAt ?? null }, now);
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
