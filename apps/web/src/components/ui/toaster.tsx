import { directionOf, isLocale } from "@plaza/contracts/i18n.texts";
import { TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD } from "@/lib/ui-constants";
import { useAppIntl } from "@/lib/use-app-intl";
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from "./toast";
import { useToast } from "./use-toast";

/** Mount once near the app root; shows the toasts raised with `toast()` (one at a time). */
export function Toaster() {
  const { toasts, dismiss } = useToast();
  const { locale } = useAppIntl();
  // Swiped away towards the edge it sits at: the right, or the left in a right-to-left language.
  const isRightToLeft = isLocale(locale) && directionOf(locale) === "rtl";
  return (
    <ToastProvider
      duration={TOAST_DURATION_MS}
      swipeDirection={isRightToLeft ? "left" : "right"}
      swipeThreshold={TOAST_SWIPE_THRESHOLD}
    >
      {toasts.map((item) => (
        <Toast
          key={item.id}
          variant={item.variant}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) dismiss(item.id);
          }}
        >
          <div className="grid gap-1">
            <ToastTitle>{item.title}</ToastTitle>
            {item.description ? <ToastDescription>{item.description}</ToastDescription> : null}
          </div>
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport hotkey={[...TOAST_HOTKEY]} />
    </ToastProvider>
  );
}
