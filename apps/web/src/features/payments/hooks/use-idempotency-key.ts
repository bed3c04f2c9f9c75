import { useCallback, useRef } from "react";

/**
 * One Idempotency-Key per user intent: the same submit retried (same body) keeps its key, so the server answers it
 * once; a changed body or a finished payment starts a new intent with a fresh key.
 */
export function useIdempotencyKey() {
  const current = useRef<{ key: string; body: string } | null>(null);
  const keyFor = useCallback((body: unknown): string => {
    const serialized = JSON.stringify(body);
    if (!current.current || current.current.body !== serialized) {
      current.current = { key: crypto.randomUUID(), body: serialized };
    }
    return current.current.key;
  }, []);
  const finishIntent = useCallback(() => {
    current.current = null;
  }, []);
  return { keyFor, finishIntent };
}
