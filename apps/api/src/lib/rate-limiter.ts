import type { Redis } from "ioredis";
import type { Clock } from "./clock";

export interface RateLimitResult {
  allowed: boolean;
  /** How long until one more hit would be allowed (0 when allowed). */
  retryAfterMs: number;
}

/**
 * A rolling-window counter of hits per key (e.g. messages per user). In-process by default; with Redis the
 * window is shared by every API process.
 */
export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  reset(key: string): Promise<void>;
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly hits = new Map<string, number[]>();
  constructor(private readonly clock: Clock) {}

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    const now = this.clock.now().getTime();
    const recent = (this.hits.get(key) ?? []).filter((time) => time > now - windowMs);
    if (recent.length >= limit) {
      this.hits.set(key, recent);
      return { allowed: false, retryAfterMs: (recent[0] ?? now) + windowMs - now };
    }
    recent.push(now);
    this.hits.set(key, recent);
    if (this.hits.size > 50_000) this.evictIdle(now, windowMs);
    return { allowed: true, retryAfterMs: 0 };
  }

  async reset(key: string): Promise<void> {
    this.hits.delete(key);
  }

  private evictIdle(now: number, windowMs: number): void {
    for (const [key, times] of this.hits) {
      if ((times.at(-1) ?? 0) <= now - windowMs) this.hits.delete(key);
    }
  }
}

/** Sorted-set sliding window, atomic through one Lua script. */
const SLIDING_WINDOW_SCRIPT = `
local key, now, window, limit, member = KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), ARGV[4]
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
if count >= limit then
  local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
  return {0, tonumber(oldest[2]) + window - now}
end
redis.call('ZADD', key, now, member)
redis.call('PEXPIRE', key, window)
return {1, 0}`;

/**
 * The window shared by every API process through Redis. While Redis does not answer, each process counts on its
 * own (docs/RELIABILITY.md): limits stay enforced, at most N × limit across N processes, and no request waits for
 * or fails because of Redis.
 */
export class RedisRateLimiter implements RateLimiter {
  private sequence = 0;
  private readonly fallback: MemoryRateLimiter;
  constructor(
    private readonly redis: Redis,
    private readonly clock: Clock,
    private readonly prefix = "plaza:rl:",
  ) {
    this.fallback = new MemoryRateLimiter(clock);
  }

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    if (this.redis.status !== "ready") return this.fallback.hit(key, limit, windowMs);
    const now = this.clock.now().getTime();
    const member = `${now}:${process.pid}:${this.sequence++}`;
    try {
      const [allowed, retryAfterMs] = (await this.redis.eval(
        SLIDING_WINDOW_SCRIPT,
        1,
        this.prefix + key,
        now,
        windowMs,
        limit,
        member,
      )) as [number, number];
      return { allowed: allowed === 1, retryAfterMs: Math.max(0, retryAfterMs) };
    } catch {
      return this.fallback.hit(key, limit, windowMs);
    }
  }

  async reset(key: string): Promise<void> {
    await this.fallback.reset(key);
    if (this.redis.status === "ready") await this.redis.del(this.prefix + key).catch(() => undefined);
  }
}
