import { Loader2 } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

export type SpinnerSize = "sm" | "default" | "lg";

const sizeClasses: Record<SpinnerSize, string> = {
  sm: "size-4",
  default: "size-5",
  lg: "size-8",
};

export interface SpinnerProps extends ComponentProps<"span"> {
  /** Visible text next to the spinner. Without it, a screen-reader-only "Loading" is announced. */
  label?: string;
  size?: SpinnerSize;
  iconClassName?: string;
}

export function Spinner({ label, size = "default", className, iconClassName, ...props }: SpinnerProps) {
  return (
    <span
      data-slot="spinner"
      role="status"
      className={cn("inline-flex items-center gap-2 text-sm text-gray-500", className)}
      {...props}
    >
      <Loader2 className={cn("animate-spin", sizeClasses[size], iconClassName)} aria-hidden="true" />
      {label ? <span>{label}</span> : <span className="sr-only">Loading</span>}
    </span>
  );
}
