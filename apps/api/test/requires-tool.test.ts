import { afterEach, describe, expect, it, vi } from "vitest";
import { hasTool, missingTools } from "./requires-tool";

describe("missingTools", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it("finds programs on PATH and by absolute path", () => {
    expect(hasTool("node")).toBe(true);
    expect(hasTool(process.execPath)).toBe(true);
    expect(hasTool("plaza-no-such-program")).toBe(false);
    expect(hasTool("/nonexistent/nginx")).toBe(false);
  });

  it("is false when every tool is there", () => {
    expect(missingTools("a suite", ["node", { name: "node", path: process.execPath }])).toBe(false);
  });

  it("outside CI, returns and prints a reason naming the missing tools", () => {
    vi.stubEnv("CI", "");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const reason = missingTools("video uploads", [
      "node",
      "plaza-no-such-program",
      { name: "nginx", path: "/nonexistent/nginx" },
    ]);
    expect(reason).toBe(
      "skipped: video uploads needs plaza-no-such-program, nginx (/nonexistent/nginx), which this machine lacks",
    );
    expect(warn).toHaveBeenCalledWith(reason);
  });

  it("in CI, throws for a tool .ci/run installs instead of skipping", () => {
    vi.stubEnv("CI", "true");
    expect(() => missingTools("the nginx test", [{ name: "nginx", path: "/nonexistent/nginx" }])).toThrow(
      /the nginx test: nginx \(\/nonexistent\/nginx\) not found; \.ci\/run installs it/,
    );
  });

  it("in CI, still skips for a tool .ci/run does not install", () => {
    vi.stubEnv("CI", "true");
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(missingTools("a suite", ["plaza-no-such-program"])).toMatch(/^skipped: a suite needs plaza-no-such-program/);
  });
});
