import { Slot } from "@radix-ui/react-slot";
import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

export function Card({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      data-slot="card"
      className={cn("rounded-lg border border-gray-200 bg-surface text-gray-900 shadow-sm", className)}
      {...props}
    />
  );
}

export function CardHeader({ className, ...props }: ComponentProps<"div">) {
  return <div data-slot="card-header" className={cn("flex flex-col gap-1.5 p-6", className)} {...props} />;
}

export interface CardTitleProps extends ComponentProps<"h3"> {
  /** Render the child element instead of an `h3` (e.g. to pick another heading level). */
  asChild?: boolean;
}

export function CardTitle({ className, asChild = false, ...props }: CardTitleProps) {
  const classes = cn("text-lg font-semibold leading-tight tracking-tight", className);
  if (asChild) {
    return <Slot data-slot="card-title" className={classes} {...props} />;
  }
  return <h3 data-slot="card-title" className={classes} {...props} />;
}

export function CardDescription({ className, ...props }: ComponentProps<"p">) {
  return <p data-slot="card-description" className={cn("text-sm text-gray-500", className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<"div">) {
  return <div data-slot="card-content" className={cn("p-6 pt-0", className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentProps<"div">) {
  return <div data-slot="card-footer" className={cn("flex items-center gap-2 p-6 pt-0", className)} {...props} />;
}
