import { cn } from "@/lib/cn";
import { fullDateTime, timeAgo } from "@/lib/time-ago";

/** A moment shown as 'x ago', with the full date and time on hover and in the machine-readable `dateTime`. */
export function RelativeTime({ value, className }: { value: string; className?: string }) {
  return (
    <time dateTime={value} title={fullDateTime(value)} className={cn("whitespace-nowrap", className)}>
      {timeAgo(value)}
    </time>
  );
}
