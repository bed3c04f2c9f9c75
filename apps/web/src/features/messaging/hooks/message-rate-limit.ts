import { MESSAGE_RATE_LIMIT } from "@plaza/contracts/constants";

/**
 * The client-side message limit of docs/PRODUCT.md §5: 30 messages per user per rolling 60 seconds. The server keeps
 * the same limit; this one answers instantly. Remembered per user for the life of the tab.
 */
export class MessageRateLimiter {
  private readonly sentAt = new Map<string, number[]>();

  /** Records a send and returns true, or returns false when the user is over the limit. */
  tryRecord(userId: string, now: number = Date.now()): boolean {
    const recent = (this.sentAt.get(userId) ?? []).filter((time) => time > now - MESSAGE_RATE_LIMIT.windowMs);
    if (recent.length >= MESSAGE_RATE_LIMIT.max) {
      this.sentAt.set(userId, recent);
      return false;
    }
    recent.push(now);
    this.sentAt.set(userId, recent);
    return true;
  }

  /** Gives a slot back when the send did not happen after all. */
  forget(userId: string, time: number): void {
    const times = this.sentAt.get(userId) ?? [];
    const index = times.lastIndexOf(time);
    if (index >= 0) times.splice(index, 1);
  }
}

export const messageRateLimiter = new MessageRateLimiter();
