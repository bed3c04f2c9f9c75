import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

export interface SeparatorProps extends ComponentProps<"div"> {
  orientation?: "horizontal" | "vertical";
  /** Purely visual: hidden from assistive technology (role="none"). Defaults to false. */
  decorative?: boolean;
}

export function Separator({ className, orientation = "horizontal", decorative = false, ...props }: SeparatorProps) {
  const semantics = decorative
    ? { role: "none" as const }
    : {
        role: "separator" as const,
        "aria-orientation": orientation === "vertical" ? ("vertical" as const) : undefined,
      };
  return (
    <div
      data-slot="separator"
      data-orientation={orientation}
      {...semantics}
      className={cn("shrink-0 bg-gray-200", orientation === "horizontal" ? "h-px w-full" : "h-full w-px", className)}
      {...props}
    />
  );
}
