import { LIVE_EVENTS_PATH, type LiveEventView, liveEventView } from "@plaza/contracts/messaging";

const FIRST_RETRY_MS = 1_000;
const LONGEST_RETRY_MS = 30_000;

export interface LiveConnectionOptions {
  onEvent(event: LiveEventView): void;
  /** Called when a connection is (re)established; `isReconnect` says events may have been missed meanwhile. */
  onReady?(isReconnect: boolean): void;
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
      let parsed: ReturnType<typeof liveEventView.safeParse>;
      try {
        parsed = liveEventView.safeParse(JSON.parse(String(message.data)));
      } catch {
        return;
      }
      if (!parsed.success) return;
      if (parsed.data.type === "live.ready") {
        attempt = 0;
        options.onReady?.(hasConnectedBefore);
        hasConnectedBefore = true;
        return;
      }
      options.onEvent(parsed.data);
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
