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

/** An upload URL's signature as the uploads service makes it: 24 random bytes in base64url. */
const UPLOAD_SIGNATURE = /^[A-Za-z0-9_-]{32}$/;

/**
 * Records the signature (`token`) of a signed upload URL, when the URL has one. Other `token=` values are not
 * secrets: the fuzzer makes them up (the nil uuid among them), and the ids they copy appear in paths anyway.
 */
export function recordUrlToken(url: string): void {
  const token = /[?&]token=([^&]+)/.exec(url);
  if (!token?.[1]) return;
  try {
    const value = decodeURIComponent(token[1]);
    if (UPLOAD_SIGNATURE.test(value)) secrets.add(value);
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
