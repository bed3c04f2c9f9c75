import { VISIT_CODE_PREVIOUS_GRACE_MS, VISIT_CODE_WINDOW_MS } from "@plaza/contracts/checkins";
import { describe, expect, it } from "vitest";
import { currentVisitCode, isValidVisitCode, visitCodeFor, visitCodeWindow } from "./visit-code";

describe("visit codes", () => {
  const secret = "test-secret";
  const start = new Date("2026-06-01T12:00:00Z");

  it("are six digits and stay the same within a 10-minute window", () => {
    const first = currentVisitCode(secret, start);
    expect(first.code).toMatch(/^\d{6}$/);
    expect(first.secondsRemaining).toBe(600);
    const later = currentVisitCode(secret, new Date(start.getTime() + 9 * 60_000));
    expect(later.code).toBe(first.code);
    expect(later.secondsRemaining).toBe(60);
  });

  it("accept the current window, and the previous one only within 2 minutes of the change", () => {
    const window = visitCodeWindow(start);
    const now = new Date(start.getTime() + VISIT_CODE_WINDOW_MS);
    expect(isValidVisitCode(secret, visitCodeFor(secret, window + 1), now)).toBe(true);
    expect(isValidVisitCode(secret, visitCodeFor(secret, window), now)).toBe(true);
    expect(isValidVisitCode(secret, visitCodeFor(secret, window - 1), now)).toBe(false);
    expect(isValidVisitCode(secret, "12345", now)).toBe(false);
    const graceEnd = new Date(now.getTime() + VISIT_CODE_PREVIOUS_GRACE_MS);
    expect(isValidVisitCode(secret, visitCodeFor(secret, window), new Date(graceEnd.getTime() - 1))).toBe(true);
    expect(isValidVisitCode(secret, visitCodeFor(secret, window), graceEnd)).toBe(false);
    expect(isValidVisitCode(secret, visitCodeFor(secret, window + 1), graceEnd)).toBe(true);
  });

  it("differ between secrets", () => {
    const codes = new Set(["a", "b", "c", "d"].map((key) => visitCodeFor(key, 1)));
    expect(codes.size).toBeGreaterThan(1);
  });
});
