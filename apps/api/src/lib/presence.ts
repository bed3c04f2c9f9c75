import type { Redis } from "ioredis";

/**
 * Who has the app open right now: each live connection (WebSocket) is registered with a lease that the heartbeat
 * renews; a user is online while one of their connections holds an unexpired lease. A process that dies simply
 * stops renewing, so its connections lapse after `leaseMs`.
 */
export interface Presence {
  /** Registers or renews one connection of the user. */
  touch(userId: string, connectionId: string): Promise<void>;
  /** The connection closed. */
  leave(userId: string, connectionId: string): Promise<void>;
  /** Which of these users have a live connection (on any process). */
  onlineAmong(userIds: string[]): Promise<Set<string>>;
}

/** One process (no REDIS_URL): the leases live in memory. */
export class InProcessPresence implements Presence {
  private readonly leases = new Map<string, Map<string, number>>();

  constructor(private readonly leaseMs: number) {}

  async touch(userId: string, connectionId: string): Promise<void> {
    const connections = this.leases.get(userId) ?? new Map<string, number>();
    connections.set(connectionId, Date.now() + this.leaseMs);
    this.leases.set(userId, connections);
  }

  async leave(userId: string, connectionId: string): Promise<void> {
    const connections = this.leases.get(userId);
    connections?.delete(connectionId);
    if (connections?.size === 0) this.leases.delete(userId);
  }

  async onlineAmong(userIds: string[]): Promise<Set<string>> {
    const now = Date.now();
    return new Set(
      userIds.filter((id) => [...(this.leases.get(id)?.values() ?? [])].some((expiresAt) => expiresAt > now)),
    );
  }
}

const KEY_PREFIX = "plaza:presence:";

/**
 * Several processes (REDIS_URL): one sorted set per user, member = connection id, score = lease end (ms); the key
 * itself expires with the last lease, so nothing is left behind. When Redis is away, nobody shows as online.
 */
export class RedisPresence implements Presence {
  constructor(
    private readonly redis: Redis,
    private readonly leaseMs: number,
  ) {}

  async touch(userId: string, connectionId: string): Promise<void> {
    const key = KEY_PREFIX + userId;
    const now = Date.now();
    await this.redis
      .multi()
      .zremrangebyscore(key, "-inf", now)
      .zadd(key, now + this.leaseMs, connectionId)
      .pexpire(key, this.leaseMs)
      .exec();
  }

  async leave(userId: string, connectionId: string): Promise<void> {
    await this.redis.zrem(KEY_PREFIX + userId, connectionId);
  }

  async onlineAmong(userIds: string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const now = Date.now();
    const pipeline = this.redis.pipeline();
    for (const id of userIds) pipeline.zcount(KEY_PREFIX + id, `(${now}`, "+inf");
    try {
      const results = (await pipeline.exec()) ?? [];
      return new Set(userIds.filter((_id, index) => Number(results[index]?.[1] ?? 0) > 0));
    } catch {
      return new Set();
    }
  }
}
