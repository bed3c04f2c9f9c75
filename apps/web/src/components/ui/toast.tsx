import * as ToastPrimitive from "@radix-ui/react-toast";
import { XIcon } from "lucide-react";
import type { ComponentProps } from "react";
import { defineMessages } from "react-intl";
import { cn } from "@/lib/cn";
import { useAppIntl } from "@/lib/use-app-intl";
import type { ToastVariant } from "./use-toast";

const messages = defineMessages({
  close: { id: "shell.toast.close", defaultMessage: "Close" },
});

export const ToastProvider = ToastPrimitive.Provider;

/** Fixed at the top, full width, on small phones; in the bottom end corner (right, left right to left) from `sm`. */
export function ToastViewport({ className, ...props }: ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      data-slot="toast-viewport"
      className={cn(
        "fixed top-0 z-[100] flex max-h-dvh w-full flex-col-reverse gap-2 p-4 outline-hidden sm:top-auto sm:end-0 sm:bottom-0 sm:flex-col sm:max-w-[420px]",
        className,
      )}
      {...props}
    />
  );
}

const variantClasses: Record<ToastVariant, string> = {
  default: "border-gray-200 bg-surface text-gray-900",
  destructive: "border-danger bg-danger text-white",
};

export interface ToastProps extends ComponentProps<typeof ToastPrimitive.Root> {
  variant?: ToastVariant;
}

export function Toast({ className, variant = "default", ...props }: ToastProps) {
  return (
    <ToastPrimitive.Root
      data-slot="toast"
      data-variant={variant}
      className={cn(
        "group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-lg border p-4 pe-10 shadow-lg",
        "transition-[opacity,translate] duration-200 starting:translate-y-2 starting:opacity-0",
        "focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2",
        "data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-(--radix-toast-swipe-end-x) data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=move]:transition-none",
        variantClasses[variant],
        className,
      )}
      {...props}
    />
  );
}

export function ToastTitle({ className, ...props }: ComponentProps<typeof ToastPrimitive.Title>) {
  return <ToastPrimitive.Title data-slot="toast-title" className={cn("text-sm font-semibold", className)} {...props} />;
}

export function ToastDescription({ className, ...props }: ComponentProps<typeof ToastPrimitive.Description>) {
  return (
    <ToastPrimitive.Description
      data-slot="toast-description"
      className={cn("text-sm opacity-90", className)}
      {...props}
    />
  );
}

export function ToastAction({ className, ...props }: ComponentProps<typeof ToastPrimitive.Action>) {
  return (
    <ToastPrimitive.Action
      data-slot="toast-action"
      className={cn(
        "inline-flex h-8 shrink-0 cursor-pointer items-center justify-center rounded-md border border-gray-300 bg-transparent px-3 text-sm font-medium transition-colors hover:bg-gray-100",
        "focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-brand-500",
        "group-data-[variant=destructive]:border-red-300 group-data-[variant=destructive]:hover:bg-danger-hover",
        className,
      )}
      {...props}
    />
  );
}

export function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitive.Close>) {
  const intl = useAppIntl();
  return (
    <ToastPrimitive.Close
      data-slot="toast-close"
      aria-label={intl.formatMessage(messages.close)}
      className={cn(
        "absolute end-2 top-2 cursor-pointer rounded-md p-1 text-gray-500 transition-colors hover:bg-gray-100 hover:text-gray-900",
        "focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-brand-500",
        "group-data-[variant=destructive]:text-white/90 group-data-[variant=destructive]:hover:bg-danger-hover group-data-[variant=destructive]:hover:text-white group-data-[variant=destructive]:focus-visible:ring-white",
        className,
      )}
      {...props}
    >
      <XIcon className="size-4" aria-hidden="true" />
    </ToastPrimitive.Close>
  );
}
