import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { VISIT_CODE_LENGTH, VISIT_CODE_PREVIOUS_GRACE_MS, VISIT_CODE_WINDOW_MS } from "@plaza/contracts/checkins";

/** A fresh secret for a business's visit codes (never leaves the server). */
export function generateVisitSecret(): string {
  return randomBytes(32).toString("base64url");
}

/** Index of the 10-minute window that `at` falls in. */
export function visitCodeWindow(at: Date): number {
  return Math.floor(at.getTime() / VISIT_CODE_WINDOW_MS);
}

/**
 * The 6-digit code of one window: HMAC-SHA256(secret, window) with RFC 4226 dynamic truncation, as TOTP does.
 */
export function visitCodeFor(secret: string, window: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(window));
  const digest = createHmac("sha256", secret).update(counter).digest();
  const offset = (digest.at(-1) ?? 0) & 0x0f;
  const value = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(value % 10 ** VISIT_CODE_LENGTH).padStart(VISIT_CODE_LENGTH, "0");
}

/** The code shown now and how many seconds it has left. */
export function currentVisitCode(secret: string, now: Date): { code: string; secondsRemaining: number } {
  const window = visitCodeWindow(now);
  const windowEnd = (window + 1) * VISIT_CODE_WINDOW_MS;
  return {
    code: visitCodeFor(secret, window),
    secondsRemaining: Math.max(1, Math.ceil((windowEnd - now.getTime()) / 1000)),
  };
}

/**
 * True when `code` is the current window's code, or the previous window's within VISIT_CODE_PREVIOUS_GRACE_MS
 * after the change (a code read just before it changed); later the previous code is refused.
 */
export function isValidVisitCode(secret: string, code: string, now: Date): boolean {
  const window = visitCodeWindow(now);
  const sinceChangeMs = now.getTime() - window * VISIT_CODE_WINDOW_MS;
  const candidates = sinceChangeMs < VISIT_CODE_PREVIOUS_GRACE_MS ? [window, window - 1] : [window];
  return candidates.some((candidate) => {
    const expected = Buffer.from(visitCodeFor(secret, candidate));
    const given = Buffer.from(code);
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}
