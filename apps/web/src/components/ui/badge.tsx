import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

export type BadgeVariant = "default" | "secondary" | "outline" | "destructive" | "success" | "warning";

const variantClasses: Record<BadgeVariant, string> = {
  default: "border-transparent bg-primary text-white",
  secondary: "border-transparent bg-gray-100 text-gray-800",
  outline: "border-gray-300 text-gray-700",
  destructive: "border-transparent bg-danger text-white",
  success: "border-transparent bg-green-100 text-green-800",
  warning: "border-transparent bg-amber-100 text-amber-800",
};

export interface BadgeVariantsOptions {
  variant?: BadgeVariant | null;
  className?: string;
}

export function badgeVariants({ variant, className }: BadgeVariantsOptions = {}): string {
  return cn(
    "inline-flex w-fit shrink-0 items-center gap-1 whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-medium [&_svg]:size-3 [&_svg]:shrink-0",
    variantClasses[variant ?? "default"],
    className,
  );
}

export interface BadgeProps extends ComponentProps<"span"> {
  variant?: BadgeVariant | null;
}

export function Badge({ className, variant, ...props }: BadgeProps) {
  return <span data-slot="badge" className={badgeVariants({ variant, className })} {...props} />;
}
