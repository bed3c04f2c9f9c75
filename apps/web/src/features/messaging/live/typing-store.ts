import { TYPING_DISPLAY_MS } from "@plaza/contracts/messaging.texts";
import { useEffect, useSyncExternalStore } from "react";

/** When the other participant last signalled typing, per conversation (ms since epoch). */
const lastSignal = new Map<string, number>();
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** A "typing" live event arrived for the conversation. */
export function markTyping(conversationId: string, at = Date.now()): void {
  lastSignal.set(conversationId, at);
  emit();
}

/** Their message arrived: they are no longer typing it. */
export function clearTyping(conversationId: string): void {
  if (lastSignal.delete(conversationId)) emit();
}

/** Whether "typing…" shows for the conversation: a signal less than TYPING_DISPLAY_MS ago. */
export function useIsTyping(conversationId: string | null): boolean {
  const signalAt = useSyncExternalStore(
    subscribe,
    () => (conversationId ? lastSignal.get(conversationId) : undefined),
    () => undefined,
  );
  const isTyping = signalAt !== undefined && Date.now() - signalAt < TYPING_DISPLAY_MS;
  // Drops the indicator TYPING_DISPLAY_MS after the last signal, unless another came.
  useEffect(() => {
    if (!conversationId || signalAt === undefined) return;
    const remaining = signalAt + TYPING_DISPLAY_MS - Date.now();
    if (remaining <= 0) return;
    const timer = setTimeout(() => {
      if (lastSignal.get(conversationId) === signalAt) clearTyping(conversationId);
    }, remaining);
    return () => clearTimeout(timer);
  }, [conversationId, signalAt]);
  return isTyping;
}
