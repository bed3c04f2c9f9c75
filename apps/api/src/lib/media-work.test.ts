import { describe, expect, it } from "vitest";
import { MediaWorkLimiter } from "./media-work";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe("MediaWorkLimiter", () => {
  it("runs at most `capacity` pieces at once and one at a time per user", async () => {
    const limiter = new MediaWorkLimiter(2);
    const started: string[] = [];
    const gates = new Map<string, ReturnType<typeof deferred>>();
    const job = (owner: string, name: string) =>
      limiter.run(owner, async () => {
        started.push(name);
        const gate = deferred();
        gates.set(name, gate);
        await gate.promise;
        return name;
      });
    const a1 = job("a", "a1");
    const a2 = job("a", "a2");
    const b1 = job("b", "b1");
    const c1 = job("c", "c1");
    await Promise.resolve();
    // a2 waits for a1 (same user) though a slot is free for b1; c1 waits for a slot.
    expect(started).toEqual(["a1", "b1"]);
    expect(limiter.load).toEqual({ running: 2, waiting: 2 });
    gates.get("a1")?.resolve();
    await a1;
    await Promise.resolve();
    expect(started).toEqual(["a1", "b1", "a2"]);
    gates.get("b1")?.resolve();
    await b1;
    await Promise.resolve();
    expect(started).toEqual(["a1", "b1", "a2", "c1"]);
    gates.get("a2")?.resolve();
    gates.get("c1")?.resolve();
    expect(await Promise.all([a2, c1])).toEqual(["a2", "c1"]);
    expect(limiter.load).toEqual({ running: 0, waiting: 0 });
  });

  it("frees the slot when the work fails", async () => {
    const limiter = new MediaWorkLimiter(1);
    await expect(limiter.run("a", () => Promise.reject(new Error("broken")))).rejects.toThrow("broken");
    expect(await limiter.run("a", async () => 42)).toBe(42);
  });
});
