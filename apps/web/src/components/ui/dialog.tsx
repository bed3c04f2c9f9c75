import * as DialogPrimitive from "@radix-ui/react-dialog";
import { XIcon } from "lucide-react";
import { type ComponentProps, useRef } from "react";
import { defineMessages } from "react-intl";
import { cn } from "@/lib/cn";
import { useAppIntl } from "@/lib/use-app-intl";

const messages = defineMessages({
  close: { id: "shell.dialog.close", defaultMessage: "Close" },
});

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogPortal = DialogPrimitive.Portal;
export const DialogClose = DialogPrimitive.Close;

export function DialogOverlay({ className, ...props }: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      data-slot="dialog-overlay"
      className={cn("fixed inset-0 z-50 bg-gray-950/50 transition-opacity duration-150 starting:opacity-0", className)}
      {...props}
    />
  );
}

export interface DialogContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  /** Show the close (X) button in the top end corner (top right, top left right to left). Defaults to true. */
  showCloseButton?: boolean;
}

export function DialogContent({
  className,
  children,
  showCloseButton = true,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: DialogContentProps) {
  // Radix returns focus only to a DialogTrigger; many dialogs open from a plain button (or a menu item), so the
  // element focused when the dialog opened gets focus back on close (WCAG 2.4.3), if it is still on the page.
  const openerRef = useRef<HTMLElement | null>(null);
  const intl = useAppIntl();
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        onOpenAutoFocus={(event) => {
          openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          onOpenAutoFocus?.(event);
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          const opener = openerRef.current;
          if (event.defaultPrevented || !opener?.isConnected || opener === document.body) return;
          event.preventDefault();
          opener.focus({ preventScroll: true });
        }}
        className={cn(
          // Centred in the screen above the phone's tab bar (--tab-bar-space, index.css), and never taller than it.
          "fixed top-[calc((100dvh-var(--tab-bar-space,0px))/2)] left-1/2 z-50 grid max-h-[calc(100dvh-var(--tab-bar-space,0px)-2rem)] w-full max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto border border-gray-200 bg-surface p-6 text-gray-900 shadow-lg sm:rounded-lg",
          "transition-[opacity,scale] duration-150 starting:scale-95 starting:opacity-0 focus:outline-hidden",
          className,
        )}
        {...props}
      >
        {children}
        {showCloseButton ? (
          <DialogPrimitive.Close
            aria-label={intl.formatMessage(messages.close)}
            className="absolute end-1 top-1 flex size-11 cursor-pointer items-center justify-center rounded-md text-gray-500 md:end-4 md:top-4 md:size-auto md:p-1 transition-colors hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-brand-500 disabled:pointer-events-none"
          >
            <XIcon className="size-4" aria-hidden="true" />
          </DialogPrimitive.Close>
        ) : null}
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<"div">) {
  return (
    <div data-slot="dialog-header" className={cn("flex flex-col gap-1.5 pe-8 text-start", className)} {...props} />
  );
}

export function DialogFooter({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      data-slot="dialog-footer"
      className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)}
      {...props}
    />
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      data-slot="dialog-title"
      className={cn("text-lg font-semibold leading-tight text-gray-900", className)}
      {...props}
    />
  );
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      data-slot="dialog-description"
      className={cn("text-sm text-gray-500", className)}
      {...props}
    />
  );
}
