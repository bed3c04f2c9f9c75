import { getPriority } from "node:os";
import { describe, expect, it } from "vitest";
import { HASH_THREAD_NICENESS, hash, passwordThreadNiceness, verify } from "./password-hashing";

describe("password hashing threads", () => {
  it("hash an argon2id password that verifies, and refuse another password", async () => {
    const hashed = await hash("correct horse battery");
    expect(hashed).toMatch(/^\$argon2id\$/);
    expect(await verify(hashed, "correct horse battery")).toBe(true);
    expect(await verify(hashed, "wrong horse battery")).toBe(false);
  });

  it.runIf(process.platform === "linux")("run below the event loop's priority, which they leave alone", async () => {
    const before = getPriority();
    expect(HASH_THREAD_NICENESS).toBeGreaterThan(0);
    expect(await passwordThreadNiceness()).toBe(Math.min(19, before + HASH_THREAD_NICENESS));
    // The calling thread (the event loop) keeps its priority.
    expect(getPriority()).toBe(before);
  });
});
