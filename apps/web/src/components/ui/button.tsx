import { Slot } from "@radix-ui/react-slot";
import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

export type ButtonVariant = "default" | "secondary" | "outline" | "ghost" | "destructive" | "link";
export type ButtonSize = "default" | "sm" | "lg" | "icon";

const baseClasses =
  "inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 whitespace-nowrap rounded-lg text-sm font-medium transition-colors focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0";

const variantClasses: Record<ButtonVariant, string> = {
  default: "bg-primary text-white shadow-sm hover:bg-primary-hover",
  secondary: "bg-gray-100 text-gray-900 hover:bg-gray-200",
  outline: "border border-gray-300 bg-surface text-gray-900 shadow-sm hover:bg-gray-50",
  ghost: "text-gray-700 hover:bg-gray-100 hover:text-gray-900",
  destructive: "bg-danger text-white shadow-sm hover:bg-danger-hover focus-visible:ring-red-500",
  link: "text-brand-600 underline-offset-4 hover:underline",
};

/** On phones (below `md`) every size is at least 44 px tall, the smallest comfortable tap target (WCAG 2.5.5). */
const sizeClasses: Record<ButtonSize, string> = {
  default: "h-11 min-w-11 px-4 py-2 md:h-10 md:min-w-0",
  sm: "h-11 min-w-11 px-3 md:h-9 md:min-w-0",
  lg: "h-11 min-w-11 px-8 text-base",
  icon: "size-11 md:size-10",
};

export interface ButtonVariantsOptions {
  variant?: ButtonVariant | null;
  size?: ButtonSize | null;
  className?: string;
}

/** Class string of a button; use it to style links or Radix parts like a button. */
export function buttonVariants({ variant, size, className }: ButtonVariantsOptions = {}): string {
  return cn(baseClasses, variantClasses[variant ?? "default"], sizeClasses[size ?? "default"], className);
}

export interface ButtonProps extends ComponentProps<"button"> {
  variant?: ButtonVariant | null;
  size?: ButtonSize | null;
  /** Render the single child element (e.g. a link) with the button's styling and behaviour. */
  asChild?: boolean;
}

export function Button({ className, variant, size, asChild = false, ...props }: ButtonProps) {
  const classes = buttonVariants({ variant, size, className });
  if (asChild) {
    return <Slot data-slot="button" className={classes} {...props} />;
  }
  return <button data-slot="button" className={classes} {...props} />;
}
