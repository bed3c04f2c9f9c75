import { describe, expect, it, vi } from "vitest";
import type { Executor } from "./client";
import { preparedStatement } from "./prepared";

describe("preparedStatement", () => {
  it("builds a statement once per database handle and name", () => {
    const first = {} as Executor;
    const second = {} as Executor;
    const build = vi.fn((name: string) => ({ name }));
    const a = preparedStatement(first, "feed", build);
    expect(preparedStatement(first, "feed", build)).toBe(a);
    expect(build).toHaveBeenCalledTimes(1);
    expect(build).toHaveBeenCalledWith("feed");
    expect(preparedStatement(first, "session", build)).not.toBe(a);
    expect(preparedStatement(second, "feed", build)).not.toBe(a);
    expect(build).toHaveBeenCalledTimes(3);
  });
});
