import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

/** A native select drawn like the app's inputs (phones get their own picker). */
export function NativeSelect({ className, ...props }: ComponentProps<"select">) {
  return (
    <select
      className={cn(
        "h-11 w-full min-w-0 rounded-lg border border-gray-300 bg-surface px-3 text-base text-gray-900 md:h-10 sm:text-sm",
        "focus-visible:border-brand-500 focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-brand-500/40",
        "aria-invalid:border-red-500 disabled:opacity-60",
        className,
      )}
      {...props}
    />
  );
}
