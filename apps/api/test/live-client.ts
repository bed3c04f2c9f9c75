import type { LiveEventView } from "@plaza/contracts/messaging";
import WebSocket from "ws";

/** A WebSocket client of GET /api/live that records every event, for tests. */
export class LiveTestClient {
  readonly events: LiveEventView[] = [];
  private waiters: { predicate: (event: LiveEventView) => boolean; resolve: (event: LiveEventView) => void }[] = [];

  private constructor(readonly socket: WebSocket) {
    socket.on("message", (data) => {
      const event = JSON.parse(String(data)) as LiveEventView;
      this.events.push(event);
      for (const waiter of [...this.waiters]) {
        if (waiter.predicate(event)) {
          this.waiters = this.waiters.filter((item) => item !== waiter);
          waiter.resolve(event);
        }
      }
    });
  }

  /** Opens the connection and waits until the server says events will reach it ("live.ready"). */
  static async connect(baseUrl: string, cookie: string | null, origin?: string): Promise<LiveTestClient> {
    const headers: Record<string, string> = {};
    if (cookie) headers.cookie = cookie;
    if (origin) headers.origin = origin;
    const socket = new WebSocket(`${baseUrl.replace(/^http/, "ws")}/api/live`, { headers });
    const client = new LiveTestClient(socket);
    await client.nextEvent(
      (event) => event.type === "live.ready",
      5_000,
      () =>
        new Promise<never>((_resolve, reject) => {
          socket.once("unexpected-response", (_request, response) =>
            reject(new Error(`refused with ${response.statusCode}`)),
          );
          socket.once("error", reject);
        }),
    );
    return client;
  }

  /** The first event (already received or coming) that matches, or a rejection after `timeoutMs`. */
  nextEvent<Type extends LiveEventView["type"]>(
    predicate: (event: LiveEventView) => boolean,
    timeoutMs = 1_000,
    failure?: () => Promise<never>,
  ): Promise<Extract<LiveEventView, { type: Type }>> {
    const seen = this.events.find(predicate);
    if (seen) return Promise.resolve(seen as Extract<LiveEventView, { type: Type }>);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching live event within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({
        predicate,
        resolve: (event) => {
          clearTimeout(timer);
          resolve(event as Extract<LiveEventView, { type: Type }>);
        },
      });
      failure?.().catch((error: unknown) => {
        clearTimeout(timer);
        reject(error);
      });
    });
  }

  close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      this.socket.once("close", () => resolve());
      this.socket.close();
    });
  }
}

/** Tries to open a live connection and returns the HTTP status that refused it. */
export function refusedStatusOf(baseUrl: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, "ws")}/api/live`, { headers });
    socket.once("unexpected-response", (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once("open", () => {
      socket.close();
      reject(new Error("the connection was accepted"));
    });
    socket.once("error", reject);
  });
}
