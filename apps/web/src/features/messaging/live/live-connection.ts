import type { LiveEventView } from "@plaza/contracts/messaging";
import { LIVE_EVENTS_PATH, LIVE_READY_EVENT } from "@plaza/contracts/messaging.texts";

const FIRST_RETRY_MS = 1_000;
const LONGEST_RETRY_MS = 30_000;

export interface LiveConnectionOptions {
  onEvent(event: LiveEventView): void;
  /** Called when a connection is (re)established; `isReconnect` says events may have been missed meanwhile. */
  onReady?(isReconnect: boolean): void;
}

/** The ready event: its type is all there is to read (its payload is empty). */
function isReadyEvent(data: unknown): boolean {
  return typeof data === "object" && data !== null && (data as { type?: unknown }).type === LIVE_READY_EVENT;
}

/**
 * Opens the live WebSocket of the signed-in user and keeps it open: after a drop it reconnects with
 * exponential backoff and jitter (1 s up to 30 s). Returns the function that closes it for good.
 */
export function openLiveConnection(options: LiveConnectionOptions): () => void {
  let socket: WebSocket | null = null;
  let retryTimer: number | undefined;
  let attempt = 0;
  let hasConnectedBefore = false;
  let isStopped = false;
  // The events' schema (zod, with the contracts it uses) loads with the first event that needs it: the ready event
  // every connection gets at once is answered without it, so the signed-in shell's first screen never evaluates it
  // (Plaza issue 34). Every message waits on the one queue, so its callbacks run in the order the messages came.
  let schema: Promise<typeof import("@plaza/contracts/messaging")["liveEventView"]> | undefined;
  let queue: Promise<void> = Promise.resolve();

  const handle = async (data: unknown) => {
    if (isReadyEvent(data)) {
      attempt = 0;
      options.onReady?.(hasConnectedBefore);
      hasConnectedBefore = true;
      return;
    }
    schema ??= import("@plaza/contracts/messaging").then((module) => module.liveEventView);
    const parsed = (await schema).safeParse(data);
    if (parsed.success && parsed.data.type !== LIVE_READY_EVENT) options.onEvent(parsed.data);
  };

  const scheduleReconnect = () => {
    if (isStopped) return;
    const ceiling = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** attempt);
    attempt += 1;
    retryTimer = window.setTimeout(connect, ceiling / 2 + Math.random() * (ceiling / 2));
  };

  function connect() {
    if (isStopped) return;
    // Without a network there is nothing to connect to; the browser's "online" event reconnects at once.
    if (!navigator.onLine) return;
    const url = new URL(LIVE_EVENTS_PATH, window.location.href);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    const current = new WebSocket(url);
    socket = current;
    current.onmessage = (message) => {
      let data: unknown;
      try {
        data = JSON.parse(String(message.data));
      } catch {
        return;
      }
      queue = queue
        .then(() => handle(data))
        .catch(() => {
          // The event is dropped and the queue goes on; when its schema did not load (a network error), the next
          // event loads it again.
          schema = undefined;
        });
    };
    current.onclose = () => {
      if (socket === current) socket = null;
      scheduleReconnect();
    };
  }

  const reconnectNow = () => {
    if (document.visibilityState === "visible" && socket === null && !isStopped) {
      window.clearTimeout(retryTimer);
      connect();
    }
  };
  window.addEventListener("online", reconnectNow);
  document.addEventListener("visibilitychange", reconnectNow);
  connect();

  return () => {
    isStopped = true;
    window.clearTimeout(retryTimer);
    window.removeEventListener("online", reconnectNow);
    document.removeEventListener("visibilitychange", reconnectNow);
    socket?.close();
  };
}
