import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

/** Decorative loading placeholder; pair it with an accessible loading status elsewhere. */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn("animate-pulse rounded-lg bg-gray-200", className)}
      {...props}
    />
  );
}
