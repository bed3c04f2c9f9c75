import { createElement, type ReactNode, useSyncExternalStore } from "react";
import { defineMessages, FormattedMessage } from "react-intl";
import { failureMessage, isUnauthorizedError } from "@/lib/api-client";
import { TOAST_LIMIT } from "@/lib/ui-constants";

const messages = defineMessages({
  error: { id: "shell.toast.error", defaultMessage: "Error" },
});

/**
 * Module-level toast store. `toast()` works anywhere (components, event handlers, API client);
 * `<Toaster />` renders whatever is in the store. At most TOAST_LIMIT toasts are kept: a new
 * toast replaces the current one.
 */

export type ToastVariant = "default" | "destructive";

export interface ToastOptions {
  title: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
}

export interface ToastItem {
  id: string;
  title: ReactNode;
  description?: ReactNode;
  variant: ToastVariant;
  /** False once dismissed; the item stays briefly so the close can finish, then it is removed. */
  open: boolean;
}

export interface ToastHandle {
  id: string;
  dismiss: () => void;
}

/** How long a dismissed toast is kept (closed) before it is dropped from the store. */
const TOAST_REMOVE_DELAY_MS = 1000;

type Listener = () => void;

let toasts: readonly ToastItem[] = [];
let nextId = 0;
const listeners = new Set<Listener>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function setToasts(next: readonly ToastItem[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function getSnapshot(): readonly ToastItem[] {
  return toasts;
}

function clearRemoval(id: string): void {
  const timer = removalTimers.get(id);
  if (timer !== undefined) {
    clearTimeout(timer);
    removalTimers.delete(id);
  }
}

function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      setToasts(toasts.filter((item) => item.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

/** Closes the toast with this id, or every toast when no id is given. */
export function dismiss(id?: string): void {
  let changed = false;
  const next = toasts.map((item) => {
    if ((id === undefined || item.id === id) && item.open) {
      changed = true;
      scheduleRemoval(item.id);
      return { ...item, open: false };
    }
    return item;
  });
  if (changed) setToasts(next);
}

/** Shows a toast, replacing the current one (TOAST_LIMIT). */
export function toast({ title, description, variant = "default" }: ToastOptions): ToastHandle {
  nextId = (nextId + 1) % Number.MAX_SAFE_INTEGER;
  const id = `toast-${nextId}`;
  const item: ToastItem = { id, title, description, variant, open: true };
  const next = [item, ...toasts];
  for (const dropped of next.slice(TOAST_LIMIT)) clearRemoval(dropped.id);
  setToasts(next.slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismiss(id) };
}

export function useToast(): { toasts: readonly ToastItem[]; toast: typeof toast; dismiss: typeof dismiss } {
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { toasts: current, toast, dismiss };
}

/**
 * The one toast of a failed action: `title` ("Error" unless named) with the server's message, else `fallback` (no
 * description when there is neither). A 401 shows none (the session handler already signs the page out).
 */
export function toastFailure(
  error: unknown,
  fallback?: string,
  title: ReactNode = createElement(FormattedMessage, {
    id: messages.error.id,
    defaultMessage: messages.error.defaultMessage,
  }),
): void {
  if (isUnauthorizedError(error)) return;
  const description = failureMessage(error, fallback ?? "") || undefined;
  toast({ title, description, variant: "destructive" });
}
