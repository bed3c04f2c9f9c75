import { describe, expect, it } from "vitest";
import { MessageRateLimiter } from "./message-rate-limit";

describe("MessageRateLimiter", () => {
  it("allows 30 messages per user in a rolling 60 s window", () => {
    const limiter = new MessageRateLimiter();
    const start = 1_000_000;
    for (let index = 0; index < 30; index += 1) expect(limiter.tryRecord("alice", start + index)).toBe(true);
    expect(limiter.tryRecord("alice", start + 100)).toBe(false);
    expect(limiter.tryRecord("bob", start + 100)).toBe(true);
    expect(limiter.tryRecord("alice", start + 60_000)).toBe(true);
    expect(limiter.tryRecord("alice", start + 60_000)).toBe(false);
  });

  it("gives a slot back for a send that did not happen", () => {
    const limiter = new MessageRateLimiter();
    for (let index = 0; index < 30; index += 1) limiter.tryRecord("alice", index);
    limiter.forget("alice", 29);
    expect(limiter.tryRecord("alice", 30)).toBe(true);
  });
});
