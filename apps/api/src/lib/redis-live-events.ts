import type { Redis } from "ioredis";
import { InProcessLiveEvents, type LiveEvent, type LiveEventListener, type LiveEvents } from "./live-events";

const CHANNEL_PREFIX = "plaza:live:";

/**
 * Live events across API processes through Redis pub/sub. One channel per user, subscribed while this process
 * holds at least one of that user's connections, on one subscriber connection per process; publishing goes
 * through the shared command connection. Delivery to local listeners reuses the in-process bus.
 */
export class RedisLiveEvents implements LiveEvents {
  private readonly local = new InProcessLiveEvents();
  private readonly subscriber: Redis;
  /** Users with local listeners, and the SUBSCRIBE (or UNSUBSCRIBE) in flight for each. */
  private readonly subscriptions = new Map<string, Promise<void>>();
  private readonly listenerCounts = new Map<string, number>();
  private isClosed = false;

  constructor(
    private readonly publisher: Redis,
    onError: (error: unknown) => void = () => {},
  ) {
    // Subscriptions wait for Redis (and are renewed after a reconnect) instead of failing while it is away.
    this.subscriber = publisher.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
    this.subscriber.on("error", onError);
    this.subscriber.on("message", (channel: string, text: string) => {
      if (!channel.startsWith(CHANNEL_PREFIX)) return;
      const event = parseEvent(text);
      if (event) void this.local.publish(channel.slice(CHANNEL_PREFIX.length), event);
    });
  }

  /**
   * Through Redis to every process. While Redis is away the event still reaches this process's own sockets, and
   * the error is passed on so the caller can log it (other processes' clients catch up by polling).
   */
  async publish(userId: string, event: LiveEvent): Promise<void> {
    try {
      await this.publisher.publish(CHANNEL_PREFIX + userId, JSON.stringify(event));
    } catch (error) {
      await this.local.publish(userId, event);
      throw error;
    }
  }

  subscribe(userId: string, listener: LiveEventListener): () => void {
    const removeLocal = this.local.subscribe(userId, listener);
    const count = (this.listenerCounts.get(userId) ?? 0) + 1;
    this.listenerCounts.set(userId, count);
    if (count === 1) {
      this.subscriptions.set(
        userId,
        this.subscriber.subscribe(CHANNEL_PREFIX + userId).then(
          () => undefined,
          () => undefined,
        ),
      );
    }
    let isRemoved = false;
    return () => {
      if (isRemoved) return;
      isRemoved = true;
      removeLocal();
      const remaining = (this.listenerCounts.get(userId) ?? 1) - 1;
      if (remaining > 0) {
        this.listenerCounts.set(userId, remaining);
        return;
      }
      this.listenerCounts.delete(userId);
      this.subscriptions.delete(userId);
      if (!this.isClosed) void this.subscriber.unsubscribe(CHANNEL_PREFIX + userId).catch(() => undefined);
    };
  }

  whenSubscribed(userId: string): Promise<void> {
    return this.subscriptions.get(userId) ?? Promise.resolve();
  }

  async close(): Promise<void> {
    this.isClosed = true;
    await this.local.close();
    this.subscriptions.clear();
    this.listenerCounts.clear();
    await this.subscriber.quit().catch(() => undefined);
  }
}

function parseEvent(text: string): LiveEvent | null {
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === "object" && "type" in value && typeof value.type === "string") {
      return { type: value.type, payload: "payload" in value ? value.payload : null };
    }
  } catch {
    // A foreign or corrupt payload on our channel is dropped.
  }
  return null;
}
