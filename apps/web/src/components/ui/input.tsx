import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

export function Input({ className, type = "text", ...props }: ComponentProps<"input">) {
  return (
    <input
      data-slot="input"
      type={type}
      className={cn(
        "flex h-11 w-full md:h-10 min-w-0 rounded-lg border border-gray-300 bg-surface px-3 py-2 text-base text-gray-900 shadow-xs transition-colors placeholder:text-gray-400 sm:text-sm",
        "file:border-0 file:bg-transparent file:text-sm file:font-medium file:text-gray-900",
        "focus-visible:border-brand-500 focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-brand-500/40",
        "disabled:cursor-not-allowed disabled:bg-gray-50 disabled:opacity-60",
        "aria-invalid:border-red-500 aria-invalid:focus-visible:ring-red-500/40",
        className,
      )}
      {...props}
    />
  );
}
