import { expect } from "vitest";
import { PASSWORD } from "./harness";

/**
 * The secrets a suite used (passwords, session tokens, emails, upload URL tokens), to prove afterwards that
 * none reached its log lines (GUIDE §4 "Logs", issue 9).
 */
const secrets = new Set<string>([PASSWORD]);

/** Records values to look for; a `name=value` cookie is recorded by its value. */
export function recordSecrets(...values: string[]): void {
  for (const value of values) {
    if (!value) continue;
    const cookie = /^[\w-]*plaza_session=(.+)$/.exec(value);
    secrets.add(cookie?.[1] ?? value);
  }
}

/** Records the signature (`token`) of a signed upload URL, when the URL has one. */
export function recordUrlToken(url: string): void {
  const token = /[?&]token=([^&]+)/.exec(url);
  if (!token?.[1] || token[1].length < 16) return;
  try {
    secrets.add(decodeURIComponent(token[1]));
  } catch {
    // Broken percent-encoding (the fuzzer sends raw lone-surrogate bytes): not a real upload signature.
  }
}

/** Fails with the offending line when any recorded secret appears in any log line. */
export function assertLogsHoldNoSecrets(logs: string[]): void {
  expect(logs.length).toBeGreaterThan(0);
  const found: string[] = [];
  for (const line of logs) {
    for (const secret of secrets) {
      if (line.includes(secret)) found.push(`${secret.slice(0, 12)}… in ${line.slice(0, 300)}`);
    }
  }
  console.info(`logs: ${logs.length} lines checked against ${secrets.size} secrets`);
  expect(found).toEqual([]);
}
